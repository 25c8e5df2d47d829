import { Box, ButtonLink, Layout, P, absoluteUrl, textLayout, type MailContext, type MailTemplate } from "./layout";

export type TicketReplyData = {
  firstName: string | null;
  ticketNumber: string;
  subject: string;
  /** The reply an administrator typed: plain text, shown as such (React escapes it). */
  body: string;
  /** The Support Client tab for a shopper with an account; null for a visitor of the contact form. */
  supportPath: string | null;
};

const subjectOf = (d: TicketReplyData, ctx: MailContext) =>
  ctx.t("emails.ticketReply.subject", { ticketNumber: d.ticketNumber, subject: d.subject });

/** The team's reply to a support ticket (decision 046). */
export const ticketReply: MailTemplate<TicketReplyData> = {
  label: "Réponse du service client à un ticket",
  subject: subjectOf,
  Component: ({ data: d, ctx }) => (
    <Layout ctx={ctx} firstName={d.firstName} preview={subjectOf(d, ctx)}>
      <P>{ctx.t("emails.ticketReply.intro", { ticketNumber: d.ticketNumber })}</P>
      <Box lines={d.body.split("\n")} />
      {d.supportPath ? (
        <>
          <P>{ctx.t("emails.ticketReply.replyInAccount")}</P>
          <ButtonLink href={absoluteUrl(ctx, d.supportPath)}>{ctx.t("emails.ticketReply.view")}</ButtonLink>
        </>
      ) : (
        <P>{ctx.t("emails.ticketReply.contactForm", { ticketNumber: d.ticketNumber })}</P>
      )}
    </Layout>
  ),
  text: (d, ctx) =>
    textLayout(ctx, d.firstName, [
      ctx.t("emails.ticketReply.intro", { ticketNumber: d.ticketNumber }),
      "",
      d.body,
      "",
      d.supportPath
        ? ctx.t("emails.ticketReply.replyText", { url: absoluteUrl(ctx, d.supportPath) })
        : ctx.t("emails.ticketReply.contactForm", { ticketNumber: d.ticketNumber }),
    ]),
  sample: {
    firstName: "Camille",
    ticketNumber: "SAV-2026-000042",
    subject: "Question sur ma commande",
    body: "Bonjour Camille,\nVotre colis part demain matin.",
    supportPath: "/dashboard?tab=support",
  },
};
