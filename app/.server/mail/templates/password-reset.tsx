import { ButtonLink, Layout, P, Title, absoluteUrl, textLayout, type MailTemplate } from "./layout";

export type PasswordResetData = {
  firstName: string | null;
  /** The one-time /reinitialiser-mot-de-passe link. */
  resetPath: string;
  validMinutes: number;
};

export const passwordReset: MailTemplate<PasswordResetData> = {
  label: "Mot de passe oublié : réinitialisation",
  subject: () => "Réinitialisez votre mot de passe Aurore",
  Component: ({ data: d, ctx }) => (
    <Layout ctx={ctx} firstName={d.firstName} preview="Choisissez un nouveau mot de passe pour votre compte Aurore.">
      <Title>Réinitialisez votre mot de passe</Title>
      <P>Vous avez demandé à réinitialiser le mot de passe de votre compte Aurore.</P>
      <P>Ouvrez ce lien pour choisir un nouveau mot de passe (valable {d.validMinutes} minutes, une seule fois) :</P>
      <ButtonLink href={absoluteUrl(ctx, d.resetPath)}>Choisir un nouveau mot de passe</ButtonLink>
      <P muted>Si vous n&apos;êtes pas à l&apos;origine de cette demande, ignorez cet e-mail : votre mot de passe reste inchangé.</P>
    </Layout>
  ),
  text: (d, ctx) =>
    textLayout(ctx, d.firstName, [
      "Vous avez demandé à réinitialiser le mot de passe de votre compte Aurore.",
      `Ouvrez ce lien pour choisir un nouveau mot de passe (valable ${d.validMinutes} minutes, une seule fois) :`,
      absoluteUrl(ctx, d.resetPath),
      "",
      "Si vous n'êtes pas à l'origine de cette demande, ignorez cet e-mail : votre mot de passe reste inchangé.",
    ]),
  sample: { firstName: "Camille", resetPath: "/reinitialiser-mot-de-passe?token=exemple", validMinutes: 60 },
};
