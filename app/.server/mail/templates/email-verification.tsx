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
  subject: (d) => (d.isChange ? "Confirmez votre nouvelle adresse e-mail Aurore" : "Confirmez votre adresse e-mail Aurore"),
  Component: ({ data: d, ctx }) => (
    <Layout ctx={ctx} firstName={d.firstName} preview="Confirmez votre adresse e-mail en un clic.">
      <Title>{d.isChange ? "Confirmez votre nouvelle adresse" : "Confirmez votre adresse e-mail"}</Title>
      <P>
        {d.isChange
          ? "Vous avez demandé à utiliser cette adresse pour votre compte Aurore. Elle remplacera l'ancienne dès que vous l'aurez confirmée."
          : "Merci d'avoir créé votre compte Aurore. Confirmez votre adresse e-mail pour sécuriser votre compte."}
      </P>
      <ButtonLink href={absoluteUrl(ctx, d.verifyUrl)}>Confirmer mon adresse e-mail</ButtonLink>
      <P muted>Ce lien est valable {d.validHours} heures. Si vous n&apos;êtes pas à l&apos;origine de cette demande, ignorez cet e-mail.</P>
    </Layout>
  ),
  text: (d, ctx) =>
    textLayout(ctx, d.firstName, [
      d.isChange
        ? "Vous avez demandé à utiliser cette adresse pour votre compte Aurore. Elle remplacera l'ancienne dès que vous l'aurez confirmée."
        : "Merci d'avoir créé votre compte Aurore. Confirmez votre adresse e-mail pour sécuriser votre compte.",
      "Pour confirmer votre adresse, ouvrez ce lien :",
      absoluteUrl(ctx, d.verifyUrl),
      "",
      `Ce lien est valable ${d.validHours} heures. Si vous n'êtes pas à l'origine de cette demande, ignorez cet e-mail.`,
    ]),
  sample: {
    firstName: "Camille",
    verifyUrl: "/api/auth/verify-email?token=exemple",
    isChange: false,
    validHours: 24,
  },
};
