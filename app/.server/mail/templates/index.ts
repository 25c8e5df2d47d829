/**
 * Every transactional e-mail of the shop, by id (docs/decisions/036-html-emails.md). Producers
 * call renderMail(id, data) and queue `{ to, ...rendered }` in the outbox; the back-office
 * previews each template with its sample data.
 */
import { render } from "@react-email/render";
import { createElement } from "react";
import { getEnv } from "../../env";
import { currentShopIdentity } from "../../modules/settings/shop-identity.service";
import { emailI18n } from "../../i18n/catalogs";
import { DEFAULT_LANGUAGE, LANGUAGE_LOCALES, type Language } from "~/domain/i18n/languages";
import type { MailContext, MailTemplate } from "./layout";
import { clientInvitation } from "./client-invitation";
import { clientMessage } from "./client-message";
import { giftCard } from "./gift-card";
import { giftCardExpiry } from "./gift-card-expiry";
import { newsletterConfirmation } from "./newsletter-confirmation";
import { orderAddressChanged } from "./order-address-changed";
import { orderCancelled } from "./order-cancelled";
import { orderConfirmation } from "./order-confirmation";
import { orderStatus } from "./order-status";
import { orderRefunded } from "./order-refunded";
import { pointsExpiry } from "./points-expiry";
import { restockAvailable } from "./restock-available";
import { restockConfirmation } from "./restock-confirmation";
import { returnReceived } from "./return-received";
import { returnRequested } from "./return-requested";
import { welcomeCode } from "./welcome-code";
import { reviewInvitation } from "./review-invitation";
import { instalmentUnpaid } from "./instalment-unpaid";
import { instalmentAuthentication } from "./instalment-authentication";
import { ticketReply } from "./ticket-reply";
import { passwordReset } from "./password-reset";
import { emailVerification } from "./email-verification";
import { emailChangeNotice } from "./email-change-notice";
import { staffInvitation } from "./staff-invitation";
import { beautyBox } from "./beauty-box";
import { cartReminder } from "./cart-reminder";

export const mailTemplates = {
  "order-confirmation": orderConfirmation,
  "order-status": orderStatus,
  "order-cancelled": orderCancelled,
  "order-address-changed": orderAddressChanged,
  "order-refunded": orderRefunded,
  "return-requested": returnRequested,
  "return-received": returnReceived,
  "restock-confirmation": restockConfirmation,
  "restock-available": restockAvailable,
  "points-expiry": pointsExpiry,
  "newsletter-confirmation": newsletterConfirmation,
  "welcome-code": welcomeCode,
  "gift-card": giftCard,
  "gift-card-expiry": giftCardExpiry,
  "client-invitation": clientInvitation,
  "client-message": clientMessage,
  "review-invitation": reviewInvitation,
  "instalment-unpaid": instalmentUnpaid,
  "instalment-authentication": instalmentAuthentication,
  "ticket-reply": ticketReply,
  "password-reset": passwordReset,
  "email-verification": emailVerification,
  "email-change-notice": emailChangeNotice,
  "staff-invitation": staffInvitation,
  "beauty-box": beautyBox,
  "cart-reminder": cartReminder,
} as const;

export type MailTemplateId = keyof typeof mailTemplates;
export type MailData<Id extends MailTemplateId> = (typeof mailTemplates)[Id] extends MailTemplate<infer D> ? D : never;
export type RenderedMail = { subject: string; html: string; text: string };

export const MAIL_TEMPLATE_IDS = Object.keys(mailTemplates) as MailTemplateId[];

export function isMailTemplateId(value: unknown): value is MailTemplateId {
  return typeof value === "string" && Object.hasOwn(mailTemplates, value);
}

const priceFormats = new Map<Language, Intl.NumberFormat>();

/** Cents in euros as the language writes them: "12,50 €" in French, "€12.50" in English. */
export function formatMailPrice(language: Language, cents: number): string {
  let format = priceFormats.get(language);
  if (!format)
    priceFormats.set(language, (format = new Intl.NumberFormat(LANGUAGE_LOCALES[language], { style: "currency", currency: "EUR" })));
  return format.format(cents / 100);
}

/**
 * The shop's name and address (its identity in Paramètres, decision 045) and public URL, at each
 * render, and the recipient's language with its catalog (decision 044).
 */
export function mailContext(publicUrl: string = getEnv().publicUrl, language: Language = DEFAULT_LANGUAGE): MailContext {
  const identity = currentShopIdentity();
  return {
    publicUrl: publicUrl.replace(/\/$/, ""),
    shopAddress: identity.address,
    companyName: identity.companyName,
    ...mailWording(language),
  };
}

/** How a mail speaks in a language, for producers that word some of its lines themselves (an order's totals). */
export type MailWording = Pick<MailContext, "language" | "t" | "price"> & { locale: string };

export function mailWording(language: Language = DEFAULT_LANGUAGE): MailWording {
  const i18n = emailI18n(language);
  return {
    language,
    locale: LANGUAGE_LOCALES[language],
    t: (key, values) => i18n._(key, values),
    price: (cents) => formatMailPrice(language, cents),
  };
}

/**
 * One e-mail rendered on the server: subject, HTML and its plain-text alternative, in the
 * recipient's `language` (French when the producer knows none). `publicUrl` is given by producers
 * that were handed one (their links carry tokens built on it); the others use PUBLIC_URL.
 */
export async function renderMail<Id extends MailTemplateId>(
  id: Id,
  data: MailData<Id>,
  options: { publicUrl?: string; language?: Language } = {},
): Promise<RenderedMail> {
  const template = mailTemplates[id] as unknown as MailTemplate<MailData<Id>>;
  const ctx = mailContext(options.publicUrl, options.language);
  const html = await render(createElement(template.Component, { data, ctx }));
  return { subject: template.subject(data, ctx), html, text: template.text(data, ctx) };
}

/** Every template rendered with its sample data, for the back-office preview (and the tests). */
export async function renderMailSample(id: MailTemplateId, language: Language = DEFAULT_LANGUAGE): Promise<RenderedMail> {
  return renderMail(id, mailTemplates[id].sample as MailData<typeof id>, { language });
}
