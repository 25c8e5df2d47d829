import { ButtonLink, Layout, P, Title, absoluteUrl, textLayout, type MailTemplate } from "./layout";

export type PasswordResetData = {
  firstName: string | null;
  /** The one-time /reinitialiser-mot-de-passe link. */
  resetPath: string;
  validMinutes: number;
};

export const passwordReset: MailTemplate<PasswordResetData> = {
  label: "Mot de passe oublié : réinitialisation",
  subject: (_d, ctx) => ctx.t("emails.passwordReset.subject"),
  Component: ({ data: d, ctx }) => (
    <Layout ctx={ctx} firstName={d.firstName} preview={ctx.t("emails.passwordReset.preview")}>
      <Title>{ctx.t("emails.passwordReset.title")}</Title>
      <P>{ctx.t("emails.passwordReset.asked")}</P>
      <P>{ctx.t("emails.passwordReset.openLink", { minutes: d.validMinutes })}</P>
      <ButtonLink href={absoluteUrl(ctx, d.resetPath)}>{ctx.t("emails.passwordReset.button")}</ButtonLink>
      <P muted>{ctx.t("emails.passwordReset.ignore")}</P>
    </Layout>
  ),
  text: (d, ctx) =>
    textLayout(ctx, d.firstName, [
      ctx.t("emails.passwordReset.asked"),
      ctx.t("emails.passwordReset.openLink", { minutes: d.validMinutes }),
      absoluteUrl(ctx, d.resetPath),
      "",
      ctx.t("emails.passwordReset.ignore"),
    ]),
  sample: { firstName: "Camille", resetPath: "/reinitialiser-mot-de-passe?token=exemple", validMinutes: 60 },
};
