import { ButtonLink, Layout, P, Title, absoluteUrl, textLayout, type MailTemplate } from "./layout";

export type ClientInvitationData = {
  firstName: string | null;
  email: string;
  /** The one-time "définissez votre mot de passe" link. */
  setPasswordPath: string;
  validDays: number;
};

export const clientInvitation: MailTemplate<ClientInvitationData> = {
  label: "Compte créé : définir le mot de passe",
  subject: () => "Bienvenue chez Aurore : définissez votre mot de passe",
  Component: ({ data: d, ctx }) => (
    <Layout ctx={ctx} firstName={d.firstName} preview="Votre compte Aurore vous attend : choisissez votre mot de passe.">
      <Title>Bienvenue chez Aurore</Title>
      <P>Un compte client Aurore a été créé pour vous avec l&apos;adresse {d.email}.</P>
      <P>Pour choisir votre mot de passe, ouvrez ce lien (valable {d.validDays} jours) :</P>
      <ButtonLink href={absoluteUrl(ctx, d.setPasswordPath)}>Définir mon mot de passe</ButtonLink>
      <P muted>Si vous n&apos;attendiez pas ce message, ignorez-le : aucun mot de passe n&apos;est défini sans ce lien.</P>
      <P>À bientôt sur Aurore.</P>
    </Layout>
  ),
  text: (d, ctx) =>
    textLayout(ctx, d.firstName, [
      `Un compte client Aurore a été créé pour vous avec l'adresse ${d.email}.`,
      `Pour choisir votre mot de passe, ouvrez ce lien (valable ${d.validDays} jours) :`,
      absoluteUrl(ctx, d.setPasswordPath),
      "",
      "Si vous n'attendiez pas ce message, ignorez-le : aucun mot de passe n'est défini sans ce lien.",
      "",
      "À bientôt sur Aurore.",
    ]),
  sample: { firstName: "Camille", email: "camille@example.com", setPasswordPath: "/definir-mot-de-passe?token=exemple", validDays: 7 },
};
