import { Box, ButtonLink, Layout, P, absoluteUrl, textLayout, type MailTemplate } from "./layout";

export type TicketReplyData = {
  firstName: string | null;
  ticketNumber: string;
  subject: string;
  /** The reply an administrator typed: plain text, shown as such (React escapes it). */
  body: string;
  /** The Support Client tab for a shopper with an account; null for a visitor of the contact form. */
  supportPath: string | null;
};

const subjectOf = (d: TicketReplyData) => `Réponse à votre demande ${d.ticketNumber} : ${d.subject}`;

/** The team's reply to a support ticket (decision 046). */
export const ticketReply: MailTemplate<TicketReplyData> = {
  label: "Réponse du service client à un ticket",
  subject: subjectOf,
  Component: ({ data: d, ctx }) => (
    <Layout ctx={ctx} firstName={d.firstName} preview={subjectOf(d)}>
      <P>Notre service client a répondu à votre demande {d.ticketNumber} :</P>
      <Box lines={d.body.split("\n")} />
      {d.supportPath ? (
        <>
          <P>Vous pouvez lui répondre depuis votre espace client, onglet Support Client.</P>
          <ButtonLink href={absoluteUrl(ctx, d.supportPath)}>Voir ma demande</ButtonLink>
        </>
      ) : (
        <P>Pour nous répondre, utilisez notre formulaire de contact en rappelant le numéro {d.ticketNumber}.</P>
      )}
    </Layout>
  ),
  text: (d, ctx) =>
    textLayout(ctx, d.firstName, [
      `Notre service client a répondu à votre demande ${d.ticketNumber} :`,
      "",
      d.body,
      "",
      d.supportPath
        ? `Répondre depuis votre espace client : ${absoluteUrl(ctx, d.supportPath)}`
        : `Pour nous répondre, utilisez notre formulaire de contact en rappelant le numéro ${d.ticketNumber}.`,
    ]),
  sample: {
    firstName: "Camille",
    ticketNumber: "SAV-2026-000042",
    subject: "Question sur ma commande",
    body: "Bonjour Camille,\nVotre colis part demain matin.",
    supportPath: "/dashboard?tab=support",
  },
};
