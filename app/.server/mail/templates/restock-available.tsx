import { ButtonLink, Layout, P, Title, absoluteUrl, textLayout, type MailTemplate } from "./layout";

export type RestockAvailableData = {
  firstName: string | null;
  productTitle: string;
  productPath: string;
};

export const restockAvailable: MailTemplate<RestockAvailableData> = {
  label: "Alerte retour en stock : disponible",
  subject: (d) => `De retour en stock : ${d.productTitle}`,
  Component: ({ data: d, ctx }) => (
    <Layout ctx={ctx} firstName={d.firstName} preview={`${d.productTitle} est de nouveau disponible.`}>
      <Title>De retour en stock</Title>
      <P>Bonne nouvelle : « {d.productTitle} » est de nouveau disponible.</P>
      <ButtonLink href={absoluteUrl(ctx, d.productPath)}>Voir le produit</ButtonLink>
      <P muted>
        Les quantités peuvent être limitées. Cette alerte est maintenant terminée : vous ne recevrez pas d&apos;autre e-mail à son sujet.
      </P>
    </Layout>
  ),
  text: (d, ctx) =>
    textLayout(ctx, d.firstName, [
      `Bonne nouvelle : « ${d.productTitle} » est de nouveau disponible.`,
      absoluteUrl(ctx, d.productPath),
      "",
      "Les quantités peuvent être limitées. Cette alerte est maintenant terminée : vous ne recevrez pas d'autre e-mail à son sujet.",
    ]),
  sample: {
    firstName: "Camille",
    productTitle: "Vernis Nébuline (Rouge cerise)",
    productPath: "/product/00000000-0000-4000-8000-000000000001?variant=NEB-ROUGE",
  },
};
