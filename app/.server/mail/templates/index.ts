/**
 * Every transactional e-mail of the shop, by id (docs/decisions/036-html-emails.md). Producers
 * call renderMail(id, data) and queue `{ to, ...rendered }` in the outbox; the back-office
 * previews each template with its sample data.
 */
import { render } from "@react-email/render";
import { createElement } from "react";
import { getEnv } from "../../env";
import { currentShopIdentity } from "../../modules/settings/shop-identity.service";
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
import { pointsExpiry } from "./points-expiry";
import { restockAvailable } from "./restock-available";
import { restockConfirmation } from "./restock-confirmation";
import { returnReceived } from "./return-received";
import { returnRequested } from "./return-requested";
import { welcomeCode } from "./welcome-code";
import { reviewInvitation } from "./review-invitation";
import { instalmentUnpaid } from "./instalment-unpaid";
import { ticketReply } from "./ticket-reply";
import { passwordReset } from "./password-reset";
import { emailVerification } from "./email-verification";
import { emailChangeNotice } from "./email-change-notice";

export const mailTemplates = {
  "order-confirmation": orderConfirmation,
  "order-status": orderStatus,
  "order-cancelled": orderCancelled,
  "order-address-changed": orderAddressChanged,
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
  "ticket-reply": ticketReply,
  "password-reset": passwordReset,
  "email-verification": emailVerification,
  "email-change-notice": emailChangeNotice,
} as const;

export type MailTemplateId = keyof typeof mailTemplates;
export type MailData<Id extends MailTemplateId> = (typeof mailTemplates)[Id] extends MailTemplate<infer D> ? D : never;
export type RenderedMail = { subject: string; html: string; text: string };

export const MAIL_TEMPLATE_IDS = Object.keys(mailTemplates) as MailTemplateId[];

export function isMailTemplateId(value: unknown): value is MailTemplateId {
  return typeof value === "string" && Object.hasOwn(mailTemplates, value);
}

/** The shop's name and address (its identity in Paramètres, decision 045) and public URL, at each render. */
export function mailContext(publicUrl: string = getEnv().publicUrl): MailContext {
  const identity = currentShopIdentity();
  return { publicUrl: publicUrl.replace(/\/$/, ""), shopAddress: identity.address, companyName: identity.companyName };
}

/**
 * One e-mail rendered on the server: subject, HTML and its plain-text alternative. `publicUrl`
 * is given by producers that were handed one (their links carry tokens built on it); the others
 * use PUBLIC_URL.
 */
export async function renderMail<Id extends MailTemplateId>(
  id: Id,
  data: MailData<Id>,
  options: { publicUrl?: string } = {},
): Promise<RenderedMail> {
  const template = mailTemplates[id] as unknown as MailTemplate<MailData<Id>>;
  const ctx = mailContext(options.publicUrl);
  const html = await render(createElement(template.Component, { data, ctx }));
  return { subject: template.subject(data), html, text: template.text(data, ctx) };
}

/** Every template rendered with its sample data, for the back-office preview. */
export async function renderMailSample(id: MailTemplateId): Promise<RenderedMail> {
  return renderMail(id, mailTemplates[id].sample as MailData<typeof id>);
}
