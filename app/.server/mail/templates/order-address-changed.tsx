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
  subject: (d, ctx) => ctx.t("emails.orderAddressChanged.subject", { orderNumber: d.orderNumber }),
  Component: ({ data: d, ctx }) => (
    <Layout ctx={ctx} firstName={d.firstName} preview={ctx.t("emails.orderAddressChanged.preview", { orderNumber: d.orderNumber })}>
      <Title>{ctx.t("emails.orderAddressChanged.title")}</Title>
      <P>{ctx.t("emails.orderAddressChanged.intro", { orderNumber: d.orderNumber })}</P>
      <Box lines={d.address} />
      <ButtonLink href={absoluteUrl(ctx, d.orderPath)}>{ctx.t("emails.layout.viewOrder")}</ButtonLink>
      <P muted>{ctx.t("emails.orderAddressChanged.notYou")}</P>
    </Layout>
  ),
  text: (d, ctx) =>
    textLayout(ctx, d.firstName, [
      ctx.t("emails.orderAddressChanged.intro", { orderNumber: d.orderNumber }),
      ...d.address,
      "",
      ctx.t("emails.layout.viewOrderText", { url: absoluteUrl(ctx, d.orderPath) }),
      "",
      ctx.t("emails.orderAddressChanged.notYou"),
    ]),
  sample: {
    firstName: "Camille",
    orderNumber: "AUR-2026-000123",
    orderPath: "/dashboard?tab=orders&commande=AUR-2026-000123",
    address: ["Camille Martin", "8 rue des Roses", "69003 Lyon", "France"],
  },
};
