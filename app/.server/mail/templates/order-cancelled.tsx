import { Bullets, ButtonLink, Layout, P, Rows, Title, absoluteUrl, rowsText, textLayout, type MailTemplate } from "./layout";

export type OrderCancelledData = {
  firstName: string | null;
  orderNumber: string;
  orderDate: string;
  orderPath: string;
  lines: string[];
  totalCents: number;
  /** What goes back where (card refund, gift cards, points), already worded. */
  refunds: string[];
};

export const orderCancelled: MailTemplate<OrderCancelledData> = {
  label: "Annulation de commande",
  subject: (d, ctx) => ctx.t("emails.orderCancelled.subject", { orderNumber: d.orderNumber }),
  Component: ({ data: d, ctx }) => (
    <Layout ctx={ctx} firstName={d.firstName} preview={ctx.t("emails.orderCancelled.preview", { orderNumber: d.orderNumber })}>
      <Title>{ctx.t("emails.orderCancelled.title")}</Title>
      <P>{ctx.t("emails.orderCancelled.intro", { orderNumber: d.orderNumber, date: d.orderDate })}</P>
      <P>{ctx.t("emails.layout.items")}</P>
      <Bullets items={d.lines} />
      <Rows rows={[{ label: ctx.t("emails.layout.total"), value: ctx.price(d.totalCents), strong: true }]} />
      {d.refunds.map((r) => (
        <P key={r}>{r}</P>
      ))}
      <ButtonLink href={absoluteUrl(ctx, d.orderPath)}>{ctx.t("emails.layout.viewOrder")}</ButtonLink>
    </Layout>
  ),
  text: (d, ctx) =>
    textLayout(ctx, d.firstName, [
      ctx.t("emails.orderCancelled.intro", { orderNumber: d.orderNumber, date: d.orderDate }),
      "",
      ctx.t("emails.layout.items"),
      ...d.lines.map((l) => `- ${l}`),
      "",
      ...rowsText(ctx, [{ label: ctx.t("emails.layout.total"), value: ctx.price(d.totalCents) }]),
      ...d.refunds,
      "",
      ctx.t("emails.layout.viewOrderText", { url: absoluteUrl(ctx, d.orderPath) }),
    ]),
  sample: {
    firstName: "Camille",
    orderNumber: "AUR-2026-000123",
    orderDate: "24/11/2026",
    orderPath: "/dashboard?tab=orders&commande=AUR-2026-000123",
    lines: ["Eau de parfum Nébuline (50 ml) x 1 : 89,00 €"],
    totalCents: 8900,
    refunds: ["Le montant de 89,00 € sera remboursé sur votre moyen de paiement.", "Vos 200 points Beauty Pass vous ont été restitués."],
  },
};
