import { Box, ButtonLink, Layout, P, Title, absoluteUrl, textLayout, type MailTemplate } from "./layout";

export type OrderAddressChangedData = {
  firstName: string | null;
  orderNumber: string;
  orderPath: string;
  /** The new address, one line each (name, company, street, postal code and city, country). */
  address: string[];
};

export const orderAddressChanged: MailTemplate<OrderAddressChangedData> = {
  label: "Nouvelle adresse de livraison",
  subject: (d) => `Nouvelle adresse de livraison pour votre commande ${d.orderNumber}`,
  Component: ({ data: d, ctx }) => (
    <Layout ctx={ctx} firstName={d.firstName} preview={`Votre commande ${d.orderNumber} change d'adresse.`}>
      <Title>Nouvelle adresse de livraison</Title>
      <P>Votre commande {d.orderNumber} sera livrée à cette adresse :</P>
      <Box lines={d.address} />
      <ButtonLink href={absoluteUrl(ctx, d.orderPath)}>Voir ma commande</ButtonLink>
      <P muted>Si vous n&apos;êtes pas à l&apos;origine de ce changement, contactez notre service client.</P>
    </Layout>
  ),
  text: (d, ctx) =>
    textLayout(ctx, d.firstName, [
      `Votre commande ${d.orderNumber} sera livrée à cette adresse :`,
      ...d.address,
      "",
      `Voir ma commande : ${absoluteUrl(ctx, d.orderPath)}`,
      "",
      "Si vous n'êtes pas à l'origine de ce changement, contactez notre service client.",
    ]),
  sample: {
    firstName: "Camille",
    orderNumber: "AUR-2026-000123",
    orderPath: "/dashboard?tab=orders&commande=AUR-2026-000123",
    address: ["Camille Martin", "8 rue des Roses", "69003 Lyon", "France"],
  },
};
