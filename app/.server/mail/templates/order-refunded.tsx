import { Bullets, ButtonLink, Layout, P, Title, absoluteUrl, textLayout, type MailContext, type MailTemplate } from "./layout";

export type OrderRefundedData = {
  firstName: string | null;
  orderNumber: string;
  ordersPath: string;
  amountCents: number;
  /** The administrator's reason, as typed (decision 052). */
  reason: string;
  creditNoteNumber: string;
  cardCents: number;
  /** Paid in 3: taken off the instalments still due rather than refunded (decision 035). */
  reducedCents: number;
  giftCardCents: number;
};

function splitLines(d: OrderRefundedData, ctx: MailContext): string[] {
  return [
    ...(d.cardCents > 0 ? [ctx.t("emails.orderRefunded.card", { amount: ctx.price(d.cardCents) })] : []),
    ...(d.reducedCents > 0 ? [ctx.t("emails.orderRefunded.instalments", { amount: ctx.price(d.reducedCents) })] : []),
    ...(d.giftCardCents > 0 ? [ctx.t("emails.orderRefunded.giftCard", { amount: ctx.price(d.giftCardCents) })] : []),
  ];
}

export const orderRefunded: MailTemplate<OrderRefundedData> = {
  label: "Remboursement d'un montant (geste commercial)",
  subject: (d, ctx) => ctx.t("emails.orderRefunded.subject", { orderNumber: d.orderNumber }),
  Component: ({ data: d, ctx }) => (
    <Layout ctx={ctx} firstName={d.firstName} preview={ctx.t("emails.orderRefunded.preview", { amount: ctx.price(d.amountCents) })}>
      <Title>{ctx.t("emails.orderRefunded.title")}</Title>
      <P>{ctx.t("emails.orderRefunded.intro", { amount: ctx.price(d.amountCents), orderNumber: d.orderNumber })}</P>
      <P>{ctx.t("emails.orderRefunded.reason", { reason: d.reason })}</P>
      <Bullets items={splitLines(d, ctx)} />
      <P>{ctx.t("emails.orderRefunded.creditNote", { number: d.creditNoteNumber })}</P>
      <ButtonLink href={absoluteUrl(ctx, d.ordersPath)}>{ctx.t("emails.layout.viewOrder")}</ButtonLink>
    </Layout>
  ),
  text: (d, ctx) =>
    textLayout(ctx, d.firstName, [
      ctx.t("emails.orderRefunded.intro", { amount: ctx.price(d.amountCents), orderNumber: d.orderNumber }),
      ctx.t("emails.orderRefunded.reason", { reason: d.reason }),
      ...splitLines(d, ctx).map((l) => `- ${l}`),
      "",
      ctx.t("emails.orderRefunded.creditNote", { number: d.creditNoteNumber }),
      "",
      ctx.t("emails.layout.viewOrderText", { url: absoluteUrl(ctx, d.ordersPath) }),
    ]),
  sample: {
    firstName: "Camille",
    orderNumber: "AUR-2026-000123",
    ordersPath: "/dashboard?tab=orders&commande=AUR-2026-000123",
    amountCents: 1000,
    reason: "Livraison arrivée avec trois jours de retard",
    creditNoteNumber: "AV-2026-000007",
    cardCents: 1000,
    reducedCents: 0,
    giftCardCents: 0,
  },
};
