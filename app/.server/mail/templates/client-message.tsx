import { ButtonLink, Layout, P, absoluteUrl, textLayout, type MailTemplate } from "./layout";

export type ClientMessageData = {
  firstName: string | null;
  /** The subject and body an administrator typed: plain text, shown as such (React escapes it). */
  subject: string;
  body: string;
  accountPath: string;
};

/** An administrator who starts with "Bonjour Margaux," gets no second greeting above it. */
export function startsWithGreeting(body: string): boolean {
  return /^\s*(bonjour|bonsoir|salut|hello|madame|monsieur|cher|chère)\b/i.test(body);
}

export const clientMessage: MailTemplate<ClientMessageData> = {
  label: "Message de l'équipe (Envoyer email)",
  subject: (d) => d.subject,
  Component: ({ data: d, ctx }) => (
    <Layout ctx={ctx} firstName={d.firstName} greet={!startsWithGreeting(d.body)} preview={d.subject}>
      {d.body.split(/\n{2,}/).map((paragraph, i) => (
        <P key={i}>
          {paragraph.split("\n").map((line, j) => (
            <span key={j}>
              {j > 0 && <br />}
              {line}
            </span>
          ))}
        </P>
      ))}
      <ButtonLink href={absoluteUrl(ctx, d.accountPath)}>{ctx.t("emails.clientMessage.account")}</ButtonLink>
    </Layout>
  ),
  text: (d, ctx) =>
    textLayout(
      ctx,
      d.firstName,
      [d.body, "", ctx.t("emails.clientMessage.accountText", { url: absoluteUrl(ctx, d.accountPath) })],
      !startsWithGreeting(d.body),
    ),
  sample: {
    firstName: "Camille",
    subject: "Votre commande est prête",
    body: "Votre commande est prête.\nElle part demain matin.",
    accountPath: "/dashboard",
  },
};
