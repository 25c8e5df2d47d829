import { ButtonLink, Layout, P, Title, absoluteUrl, textLayout, ACCOUNT_PREFERENCES_PATH, type MailTemplate } from "./layout";

export type ReviewInvitationData = {
  firstName: string | null;
  orderNumber: string;
  products: { name: string; path: string }[];
};

/** Seven days after delivery, once per order (docs/decisions/037-reviews.md). */
export const reviewInvitation: MailTemplate<ReviewInvitationData> = {
  label: "Invitation à donner son avis",
  subject: (d) => `Votre avis sur votre commande ${d.orderNumber}`,
  Component: ({ data: d, ctx }) => (
    <Layout ctx={ctx} firstName={d.firstName} preview="Qu'avez-vous pensé de vos produits ?">
      <Title>Qu&apos;avez-vous pensé de vos produits ?</Title>
      <P>
        Votre commande {d.orderNumber} vous a été livrée il y a une semaine. Votre avis, positif comme négatif, aide les autres clients : il
        sera publié avec la mention « Avis vérifié » après vérification par notre équipe.
      </P>
      {d.products.map((p) => (
        <ButtonLink key={p.path} href={absoluteUrl(ctx, p.path)}>
          {`Donner mon avis sur ${p.name}`}
        </ButtonLink>
      ))}
      <P muted>
        Aucune contrepartie n&apos;est offerte pour un avis. Vous ne recevrez qu&apos;une invitation par commande ; vous pouvez ne plus en
        recevoir en désactivant les e-mails dans vos préférences ({absoluteUrl(ctx, ACCOUNT_PREFERENCES_PATH)}).
      </P>
    </Layout>
  ),
  text: (d, ctx) =>
    textLayout(ctx, d.firstName, [
      `Votre commande ${d.orderNumber} vous a été livrée il y a une semaine. Votre avis, positif comme négatif, aide les autres clients : il sera publié avec la mention « Avis vérifié » après vérification par notre équipe.`,
      "",
      ...d.products.map((p) => `Donner mon avis sur ${p.name} : ${absoluteUrl(ctx, p.path)}`),
      "",
      `Aucune contrepartie n'est offerte pour un avis. Vous ne recevrez qu'une invitation par commande ; vous pouvez ne plus en recevoir en désactivant les e-mails dans vos préférences (${absoluteUrl(ctx, ACCOUNT_PREFERENCES_PATH)}).`,
    ]),
  sample: {
    firstName: "Camille",
    orderNumber: "AUR-2026-000123",
    products: [{ name: "Sérum Éclat Vitamine C", path: "/product/00000000-0000-4000-8000-000000000001#donner-mon-avis" }],
  },
};
