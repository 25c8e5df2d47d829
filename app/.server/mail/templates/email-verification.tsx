import { ButtonLink, Layout, P, Title, absoluteUrl, textLayout, type MailTemplate } from "./layout";

export type EmailVerificationData = {
  firstName: string | null;
  /** The library's verification link (absolute, on the public URL), or a path for the preview. */
  verifyUrl: string;
  /** True when the address is a new one replacing the account's current address. */
  isChange: boolean;
  validHours: number;
};

export const emailVerification: MailTemplate<EmailVerificationData> = {
  label: "Vérification de l'adresse e-mail",
  subject: (d, ctx) => ctx.t(d.isChange ? "emails.emailVerification.subjectChange" : "emails.emailVerification.subject"),
  Component: ({ data: d, ctx }) => (
    <Layout ctx={ctx} firstName={d.firstName} preview={ctx.t("emails.emailVerification.preview")}>
      <Title>{ctx.t(d.isChange ? "emails.emailVerification.titleChange" : "emails.emailVerification.title")}</Title>
      <P>{ctx.t(d.isChange ? "emails.emailVerification.introChange" : "emails.emailVerification.intro")}</P>
      <ButtonLink href={absoluteUrl(ctx, d.verifyUrl)}>{ctx.t("emails.emailVerification.button")}</ButtonLink>
      <P muted>{ctx.t("emails.emailVerification.validity", { hours: d.validHours })}</P>
    </Layout>
  ),
  text: (d, ctx) =>
    textLayout(ctx, d.firstName, [
      ctx.t(d.isChange ? "emails.emailVerification.introChange" : "emails.emailVerification.intro"),
      ctx.t("emails.emailVerification.openLink"),
      absoluteUrl(ctx, d.verifyUrl),
      "",
      ctx.t("emails.emailVerification.validity", { hours: d.validHours }),
    ]),
  sample: {
    firstName: "Camille",
    verifyUrl: "/api/auth/verify-email?token=exemple",
    isChange: false,
    validHours: 24,
  },
};
