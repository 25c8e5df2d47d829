import { Bullets, ButtonLink, Layout, P, Title, absoluteUrl, textLayout, type MailTemplate } from "./layout";

export type ReturnReceivedData = {
  firstName: string | null;
  returnNumber: string;
  orderNumber: string;
  ordersPath: string;
  /** "Name x 1 : accepté" or "… : refusé (raison)", already worded. */
  lines: string[];
  /** The refund's amounts and credit note, or why nothing is refunded, already worded. */
  money: string[];
};

export const returnReceived: MailTemplate<ReturnReceivedData> = {
  label: "Retour réceptionné (remboursement)",
  subject: (d, ctx) => ctx.t("emails.returnReceived.subject", { returnNumber: d.returnNumber }),
  Component: ({ data: d, ctx }) => (
    <Layout ctx={ctx} firstName={d.firstName} preview={ctx.t("emails.returnReceived.preview", { returnNumber: d.returnNumber })}>
      <Title>{ctx.t("emails.returnReceived.title")}</Title>
      <P>{ctx.t("emails.returnReceived.intro", { returnNumber: d.returnNumber, orderNumber: d.orderNumber })}</P>
      <Bullets items={d.lines} />
      {d.money.map((m, i) => (
        <P key={i}>{m}</P>
      ))}
      <ButtonLink href={absoluteUrl(ctx, d.ordersPath)}>{ctx.t("emails.layout.viewOrder")}</ButtonLink>
    </Layout>
  ),
  text: (d, ctx) =>
    textLayout(ctx, d.firstName, [
      ctx.t("emails.returnReceived.intro", { returnNumber: d.returnNumber, orderNumber: d.orderNumber }),
      ...d.lines.map((l) => `- ${l}`),
      "",
      ...d.money,
      "",
      ctx.t("emails.layout.viewOrderText", { url: absoluteUrl(ctx, d.ordersPath) }),
    ]),
  sample: {
    firstName: "Camille",
    returnNumber: "RET-2026-000042",
    orderNumber: "AUR-2026-000123",
    ordersPath: "/dashboard?tab=orders&commande=AUR-2026-000123",
    lines: ["Vernis Nébuline (Rouge cerise) x 1 : accepté"],
    money: [
      "Remboursement : 12,00 €",
      "- sur votre carte bancaire : 12,00 €",
      "Avoir : AV-2026-000007, téléchargeable depuis Mes commandes.",
    ],
  },
};
