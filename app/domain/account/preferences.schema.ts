import { z } from "zod";
import { SHOP_TIME_ZONE } from "~/lib/paris-time";

/** The account's Préférences form, validated in the browser and again in the dashboard action. */

export const LANGUAGES = ["fr", "en", "es", "de"] as const;
export const CURRENCIES = ["EUR", "USD", "GBP", "CHF"] as const;
export const TIME_ZONES = [SHOP_TIME_ZONE, "Europe/London", "America/New_York", "Asia/Tokyo"] as const;
export const THEMES = ["light", "dark", "auto"] as const;
export const PROFILE_VISIBILITIES = ["private", "public"] as const;

export type Language = (typeof LANGUAGES)[number];
export type Currency = (typeof CURRENCIES)[number];
export type TimeZone = (typeof TIME_ZONES)[number];
export type Theme = (typeof THEMES)[number];
export type ProfileVisibility = (typeof PROFILE_VISIBILITIES)[number];

export const LANGUAGE_LABELS: Record<Language, string> = {
  fr: "Français",
  en: "English",
  es: "Español",
  de: "Deutsch",
};
export const CURRENCY_LABELS: Record<Currency, string> = {
  EUR: "Euro (€)",
  USD: "Dollar américain ($)",
  GBP: "Livre sterling (£)",
  CHF: "Franc suisse (CHF)",
};
export const TIME_ZONE_LABELS: Record<TimeZone, string> = {
  "Europe/Paris": "Paris (Europe/Paris)",
  "Europe/London": "Londres (Europe/London)",
  "America/New_York": "New York (America/New_York)",
  "Asia/Tokyo": "Tokyo (Asia/Tokyo)",
};
export const THEME_LABELS: Record<Theme, string> = {
  light: "Clair",
  dark: "Sombre",
  auto: "Automatique (selon l'appareil)",
};
export const PROFILE_VISIBILITY_LABELS: Record<ProfileVisibility, string> = {
  private: "Privé",
  public: "Public",
};

export type Preferences = {
  emailMarketing: boolean;
  emailOrderUpdates: boolean;
  emailPromotions: boolean;
  emailNewsletters: boolean;
  smsNotifications: boolean;
  pushNotifications: boolean;
  language: Language;
  currency: Currency;
  timezone: TimeZone;
  theme: Theme;
  privacySettings: {
    profile_visibility: ProfileVisibility;
    show_purchase_history: boolean;
    allow_product_recommendations: boolean;
  };
};

/**
 * Spec defaults: marketing, order updates, promotions and push on; newsletters and SMS off;
 * French, euros, Paris time, light theme; private profile, purchase history hidden,
 * recommendations allowed.
 */
export const DEFAULT_PREFERENCES: Preferences = {
  emailMarketing: true,
  emailOrderUpdates: true,
  emailPromotions: true,
  emailNewsletters: false,
  smsNotifications: false,
  pushNotifications: true,
  language: "fr",
  currency: "EUR",
  timezone: SHOP_TIME_ZONE,
  theme: "light",
  privacySettings: {
    profile_visibility: "private",
    show_purchase_history: false,
    allow_product_recommendations: true,
  },
};

/** The boolean fields shown as switches, in form order. */
export const NOTIFICATION_SWITCHES = [
  { name: "emailMarketing", label: "Offres marketing par e-mail" },
  { name: "emailOrderUpdates", label: "Suivi de mes commandes par e-mail" },
  { name: "emailPromotions", label: "Promotions par e-mail" },
  { name: "emailNewsletters", label: "Newsletter" },
  { name: "smsNotifications", label: "Notifications par SMS" },
  { name: "pushNotifications", label: "Notifications push" },
] as const;

/** A checkbox posts "on" when ticked and nothing otherwise; booleans pass through unchanged. */
const checkbox = z.preprocess((v) => v === true || v === "on" || v === "true", z.boolean());

const INVALID_CHOICE = "Valeur non autorisée";

/** Flat form fields in, the stored shape (with nested privacy settings) out. */
export const PreferencesSchema = z
  .object({
    emailMarketing: checkbox,
    emailOrderUpdates: checkbox,
    emailPromotions: checkbox,
    emailNewsletters: checkbox,
    smsNotifications: checkbox,
    pushNotifications: checkbox,
    language: z.enum(LANGUAGES, { error: INVALID_CHOICE }),
    currency: z.enum(CURRENCIES, { error: INVALID_CHOICE }),
    timezone: z.enum(TIME_ZONES, { error: INVALID_CHOICE }),
    theme: z.enum(THEMES, { error: INVALID_CHOICE }),
    profileVisibility: z.enum(PROFILE_VISIBILITIES, { error: INVALID_CHOICE }),
    showPurchaseHistory: checkbox,
    allowProductRecommendations: checkbox,
  })
  .transform(({ profileVisibility, showPurchaseHistory, allowProductRecommendations, ...rest }): Preferences => ({
    ...rest,
    privacySettings: {
      profile_visibility: profileVisibility,
      show_purchase_history: showPurchaseHistory,
      allow_product_recommendations: allowProductRecommendations,
    },
  }));

export type PreferencesFormInput = z.input<typeof PreferencesSchema>;

export function isTheme(value: unknown): value is Theme {
  return typeof value === "string" && (THEMES as readonly string[]).includes(value);
}
