import {
  Box,
  Bullets,
  ButtonLink,
  Layout,
  P,
  Rows,
  Title,
  absoluteUrl,
  rowsText,
  textLayout,
  type MailContext,
  type MailTemplate,
} from "./layout";

export type OrderConfirmationData = {
  firstName: string | null;
  orderNumber: string;
  /** Where the shopper follows the order (a shop path). */
  orderPath: string;
  lines: { name: string; quantity: number; totalCents: number }[];
  /** Lines about gift cards bought or spent, already worded (an empty string separates blocks). */
  giftCardLines: string[];
  /** Sous-total, delivery, discounts, total; a row without value is a note (an express perk). */
  totals: { label: string; value: string | null; strong?: boolean }[];
  deliveryNote: string | null;
  relayPoint: string[] | null;
  address: { title: string; lines: string[] } | null;
};

const lineText = (ctx: MailContext, l: OrderConfirmationData["lines"][number]) =>
  ctx.t("emails.orderConfirmation.line", { name: l.name, quantity: l.quantity, total: ctx.price(l.totalCents) });

export const orderConfirmation: MailTemplate<OrderConfirmationData> = {
  label: "Confirmation de commande",
  subject: (d, ctx) => ctx.t("emails.orderConfirmation.subject", { orderNumber: d.orderNumber }),
  Component: ({ data: d, ctx }) => (
    <Layout ctx={ctx} firstName={d.firstName} preview={ctx.t("emails.orderConfirmation.preview", { orderNumber: d.orderNumber })}>
      <Title>{ctx.t("emails.orderConfirmation.title")}</Title>
      <P>{ctx.t("emails.orderConfirmation.intro", { orderNumber: d.orderNumber })}</P>
      <ButtonLink href={absoluteUrl(ctx, d.orderPath)}>{ctx.t("emails.orderConfirmation.track")}</ButtonLink>
      <P>{ctx.t("emails.orderConfirmation.summary")}</P>
      <Bullets items={d.lines.map((l) => lineText(ctx, l))} />
      {d.giftCardLines.filter(Boolean).length > 0 && <Box lines={d.giftCardLines.filter(Boolean)} />}
      <Rows rows={d.totals} />
      {d.deliveryNote && <P>{d.deliveryNote}</P>}
      {d.relayPoint && (
        <>
          <P>{ctx.t("emails.orderConfirmation.relayPoint")}</P>
          <Box lines={d.relayPoint} />
        </>
      )}
      {d.address && (
        <>
          <P>{d.address.title}</P>
          <Box lines={d.address.lines} />
        </>
      )}
      <P muted>{ctx.t("emails.orderConfirmation.followUp")}</P>
    </Layout>
  ),
  text: (d, ctx) =>
    textLayout(ctx, d.firstName, [
      ctx.t("emails.orderConfirmation.intro", { orderNumber: d.orderNumber }),
      "",
      ctx.t("emails.orderConfirmation.summary"),
      ...d.lines.map((l) => `- ${lineText(ctx, l)}`),
      ...d.giftCardLines,
      "",
      ...rowsText(ctx, d.totals),
      ...(d.deliveryNote ? ["", d.deliveryNote] : []),
      ...(d.relayPoint ? ["", ctx.t("emails.orderConfirmation.relayPoint"), ...d.relayPoint] : []),
      ...(d.address ? ["", d.address.title, ...d.address.lines] : []),
      "",
      ctx.t("emails.orderConfirmation.followUp"),
      ctx.t("emails.orderConfirmation.trackText", { url: absoluteUrl(ctx, d.orderPath) }),
    ]),
  sample: {
    firstName: "Camille",
    orderNumber: "AUR-2026-000123",
    orderPath: "/dashboard?tab=orders&commande=AUR-2026-000123",
    lines: [
      { name: "Eau de parfum Nébuline (50 ml)", quantity: 1, totalCents: 8900 },
      { name: "Vernis Nébuline (Rouge cerise)", quantity: 2, totalCents: 2400 },
    ],
    giftCardLines: ["", "Cartes cadeaux :", "- 50,00 € (E-mail) •••• 7KQ2 : envoyée à lea@example.com"],
    totals: [
      { label: "Sous-total", value: "163,00 €" },
      { label: "Colissimo (France métropolitaine)", value: "offerte" },
      { label: "Total", value: "163,00 €", strong: true },
    ],
    deliveryNote: "Livraison prévue à partir du mardi 1 décembre.",
    relayPoint: null,
    address: { title: "Livraison à :", lines: ["Camille Martin", "8 rue des Roses", "69003 Lyon", "France"] },
  },
};
