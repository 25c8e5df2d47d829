import { z } from "zod";
import { SHOP_TIME_ZONE } from "~/lib/paris-time";
import { LANGUAGES, LANGUAGE_NAMES, type Language } from "~/domain/i18n/languages";
import * as ACCOUNT_MESSAGES from "~/domain/messages/account";
import * as SHOP_MESSAGES from "~/domain/messages/shop";

/** The account's Préférences form, validated in the browser and again in the dashboard action. */

export { LANGUAGES, type Language };
export const CURRENCIES = ["EUR", "USD", "GBP", "CHF"] as const;
export const TIME_ZONES = [SHOP_TIME_ZONE, "Europe/London", "America/New_York", "Asia/Tokyo"] as const;
export const THEMES = ["light", "dark", "auto"] as const;

export type Currency = (typeof CURRENCIES)[number];
/** The currencies shown beside the euro price (the shop always charges euros). */
export type DisplayCurrency = Exclude<Currency, "EUR">;
export type TimeZone = (typeof TIME_ZONES)[number];
export type Theme = (typeof THEMES)[number];

export const LANGUAGE_LABELS: Record<Language, string> = LANGUAGE_NAMES;
export const CURRENCY_LABELS: Record<Currency, string> = {
  EUR: ACCOUNT_MESSAGES.euro,
  USD: ACCOUNT_MESSAGES.usDollar,
  GBP: ACCOUNT_MESSAGES.poundSterling,
  CHF: ACCOUNT_MESSAGES.swissFrancChf,
};
export const TIME_ZONE_LABELS: Record<TimeZone, string> = {
  "Europe/Paris": "Paris (Europe/Paris)",
  "Europe/London": ACCOUNT_MESSAGES.londonEuropeLondon,
  "America/New_York": "New York (America/New_York)",
  "Asia/Tokyo": "Tokyo (Asia/Tokyo)",
};
export const THEME_LABELS: Record<Theme, string> = {
  light: ACCOUNT_MESSAGES.themeLight,
  dark: ACCOUNT_MESSAGES.themeDark,
  auto: ACCOUNT_MESSAGES.automaticFollowsDevice,
};

/**
 * What the Préférences tab offers, each choice acted on (docs/decisions/043-preferences-that-take-effect.md).
 * `emailNewsletters` is the newsletter subscription itself (the newsletter module), not a copy.
 */
export type Preferences = {
  emailOrderUpdates: boolean;
  emailPromotions: boolean;
  emailNewsletters: boolean;
  emailReviewInvitations: boolean;
  smsNotifications: boolean;
  pushNotifications: boolean;
  language: Language;
  currency: Currency;
  timezone: TimeZone;
  theme: Theme;
  privacySettings: {
    allow_product_recommendations: boolean;
  };
};

/**
 * Spec defaults: order updates, promotions, review invitations and push on; newsletter and SMS
 * off; French, euros, Paris time, light theme; recommendations allowed.
 */
export const DEFAULT_PREFERENCES: Preferences = {
  emailOrderUpdates: true,
  emailPromotions: true,
  emailNewsletters: false,
  emailReviewInvitations: true,
  smsNotifications: false,
  pushNotifications: true,
  language: "fr",
  currency: "EUR",
  timezone: SHOP_TIME_ZONE,
  theme: "light",
  privacySettings: {
    allow_product_recommendations: true,
  },
};

/** The e-mail switches, in form order, each with what it decides. */
export const EMAIL_SWITCHES = [
  {
    name: "emailOrderUpdates",
    label: ACCOUNT_MESSAGES.myOrderUpdates,
    help: ACCOUNT_MESSAGES.preparationDispatchDeliveryCancellation,
  },
  { name: "emailPromotions", label: SHOP_MESSAGES.promotionsLabel, help: ACCOUNT_MESSAGES.offersRemindersBeforeBeautyPass },
  { name: "emailNewsletters", label: ACCOUNT_MESSAGES.newsletterLabel, help: ACCOUNT_MESSAGES.newsletterConfirmedEMail },
  {
    name: "emailReviewInvitations",
    label: ACCOUNT_MESSAGES.invitationsReview,
    help: ACCOUNT_MESSAGES.oneWeekAfterDelivery,
  },
] as const;

/** Said under the switches: these are sent whatever the switches say. */
export const ALWAYS_SENT_EMAILS_NOTE = ACCOUNT_MESSAGES.essentialEMailsAlwaysSent;

/** A checkbox posts "on" when ticked and nothing otherwise; booleans pass through unchanged. */
const checkbox = z.preprocess((v) => v === true || v === "on" || v === "true", z.boolean());

const INVALID_CHOICE = ACCOUNT_MESSAGES.valueNotAllowed;

/** Flat form fields in, the stored shape (with nested privacy settings) out. */
export const PreferencesSchema = z
  .object({
    emailOrderUpdates: checkbox,
    emailPromotions: checkbox,
    emailNewsletters: checkbox,
    emailReviewInvitations: checkbox,
    smsNotifications: checkbox,
    pushNotifications: checkbox,
    language: z.enum(LANGUAGES, { error: INVALID_CHOICE }),
    currency: z.enum(CURRENCIES, { error: INVALID_CHOICE }),
    timezone: z.enum(TIME_ZONES, { error: INVALID_CHOICE }),
    theme: z.enum(THEMES, { error: INVALID_CHOICE }),
    allowProductRecommendations: checkbox,
  })
  .transform(({ allowProductRecommendations, ...rest }): Preferences => ({
    ...rest,
    privacySettings: { allow_product_recommendations: allowProductRecommendations },
  }));

export type PreferencesFormInput = z.input<typeof PreferencesSchema>;

export function isTheme(value: unknown): value is Theme {
  return typeof value === "string" && (THEMES as readonly string[]).includes(value);
}

/** Where the shopper's newsletter subscription stands (the "Newsletter" switch shows it). */
export type NewsletterState = "subscribed" | "pending" | "none";

/** What the Préférences tab is drawn from. */
export type AccountPreferencesView = {
  preferences: Preferences;
  newsletter: NewsletterState;
  /** SMS need a phone number in the profile. */
  hasPhone: boolean;
};
