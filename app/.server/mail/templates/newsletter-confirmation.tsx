import { Link } from "@react-email/components";
import { ButtonLink, Layout, P, Title, absoluteUrl, textLayout, type MailTemplate } from "./layout";

export type NewsletterConfirmationData = {
  /** Known only when the address belongs to an account; a visitor gets "Bonjour,". */
  firstName: string | null;
  confirmPath: string;
  unsubscribePath: string;
  /** "10 % de réduction sur votre première commande". */
  welcomeOffer: string;
};

export const newsletterConfirmation: MailTemplate<NewsletterConfirmationData> = {
  label: "Newsletter : confirmation d'inscription",
  subject: () => "Confirmez votre inscription à la newsletter Aurore",
  Component: ({ data: d, ctx }) => (
    <Layout ctx={ctx} firstName={d.firstName} preview="Confirmez votre inscription à la newsletter Aurore.">
      <Title>Confirmez votre inscription</Title>
      <P>Merci de votre intérêt pour la newsletter Aurore !</P>
      <ButtonLink href={absoluteUrl(ctx, d.confirmPath)}>Confirmer mon inscription</ButtonLink>
      <P>Une fois votre inscription confirmée, vous profiterez de {d.welcomeOffer} : le code vous sera envoyé par e-mail.</P>
      <P muted>
        Ce lien est valable 7 jours. Si vous n&apos;êtes pas à l&apos;origine de cette demande, ignorez simplement cet e-mail : vous ne
        serez pas inscrit(e).
      </P>
      <P muted>
        <Link href={absoluteUrl(ctx, d.unsubscribePath)}>Se désinscrire</Link>
      </P>
    </Layout>
  ),
  text: (d, ctx) =>
    textLayout(ctx, d.firstName, [
      "Merci de votre intérêt pour la newsletter Aurore !",
      "Pour confirmer votre inscription, ouvrez ce lien :",
      absoluteUrl(ctx, d.confirmPath),
      "",
      `Une fois votre inscription confirmée, vous profiterez de ${d.welcomeOffer} : le code vous sera envoyé par e-mail.`,
      "",
      "Ce lien est valable 7 jours. Si vous n'êtes pas à l'origine de cette demande, ignorez simplement cet e-mail : vous ne serez pas inscrit(e).",
      `Pour vous désinscrire à tout moment : ${absoluteUrl(ctx, d.unsubscribePath)}`,
    ]),
  sample: {
    firstName: "Camille",
    confirmPath: "/newsletter/confirmation?token=exemple",
    unsubscribePath: "/newsletter/desinscription?token=exemple",
    welcomeOffer: "10 % de réduction sur votre première commande",
  },
};
