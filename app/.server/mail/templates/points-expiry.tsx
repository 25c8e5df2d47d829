import { ButtonLink, Layout, P, Title, absoluteUrl, textLayout, type MailTemplate } from "./layout";

export type PointsExpiryData = {
  firstName: string | null;
  /** "120 points Beauty Pass expireront le … Utilisez-les …", the notification's own sentence. */
  message: string;
  beautyPassPath: string;
};

export const pointsExpiry: MailTemplate<PointsExpiryData> = {
  label: "Points Beauty Pass bientôt expirés",
  subject: () => "Vos points Beauty Pass vont bientôt expirer",
  Component: ({ data: d, ctx }) => (
    <Layout ctx={ctx} firstName={d.firstName} preview="Vos points Beauty Pass vont bientôt expirer.">
      <Title>Vos points vont expirer</Title>
      <P>{d.message}</P>
      <ButtonLink href={absoluteUrl(ctx, d.beautyPassPath)}>Voir mon Beauty Pass</ButtonLink>
      <P>À bientôt sur Aurore.</P>
    </Layout>
  ),
  text: (d, ctx) =>
    textLayout(ctx, d.firstName, [d.message, `Voir mon Beauty Pass : ${absoluteUrl(ctx, d.beautyPassPath)}`, "", "À bientôt sur Aurore."]),
  sample: {
    firstName: "Camille",
    message: "120 points Beauty Pass expireront le 31/12/2026. Utilisez-les lors de votre prochaine commande (dès 100 points).",
    beautyPassPath: "/beauty-pass",
  },
};
