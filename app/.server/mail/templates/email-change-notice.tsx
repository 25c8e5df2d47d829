import { Layout, P, Title, textLayout, type MailTemplate } from "./layout";

export type EmailChangeNoticeData = {
  firstName: string | null;
  newEmail: string;
};

/** Sent to the OLD address when a change of address is requested. */
export const emailChangeNotice: MailTemplate<EmailChangeNoticeData> = {
  label: "Changement d'adresse e-mail : avis à l'ancienne adresse",
  subject: (_d, ctx) => ctx.t("emails.emailChangeNotice.subject"),
  Component: ({ data: d, ctx }) => (
    <Layout ctx={ctx} firstName={d.firstName} preview={ctx.t("emails.emailChangeNotice.preview")}>
      <Title>{ctx.t("emails.emailChangeNotice.title")}</Title>
      <P>{ctx.t("emails.emailChangeNotice.intro", { email: d.newEmail })}</P>
      <P muted>{ctx.t("emails.emailChangeNotice.notYou")}</P>
    </Layout>
  ),
  text: (d, ctx) =>
    textLayout(ctx, d.firstName, [
      ctx.t("emails.emailChangeNotice.intro", { email: d.newEmail }),
      "",
      ctx.t("emails.emailChangeNotice.notYou"),
    ]),
  sample: { firstName: "Camille", newEmail: "camille.nouvelle@example.com" },
};
