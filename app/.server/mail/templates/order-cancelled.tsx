import { formatPrice } from "~/lib/money";
import { Bullets, ButtonLink, Layout, P, Rows, Title, absoluteUrl, textLayout, type MailTemplate } from "./layout";

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
  subject: (d) => `Annulation de votre commande ${d.orderNumber}`,
  Component: ({ data: d, ctx }) => (
    <Layout ctx={ctx} firstName={d.firstName} preview={`Votre commande ${d.orderNumber} est annulée.`}>
      <Title>Commande annulée</Title>
      <P>
        Votre commande {d.orderNumber} du {d.orderDate} a bien été annulée.
      </P>
      <P>Articles :</P>
      <Bullets items={d.lines} />
      <Rows rows={[{ label: "Total", value: formatPrice(d.totalCents), strong: true }]} />
      {d.refunds.map((r) => (
        <P key={r}>{r}</P>
      ))}
      <ButtonLink href={absoluteUrl(ctx, d.orderPath)}>Voir ma commande</ButtonLink>
    </Layout>
  ),
  text: (d, ctx) =>
    textLayout(ctx, d.firstName, [
      `Votre commande ${d.orderNumber} du ${d.orderDate} a bien été annulée.`,
      "",
      "Articles :",
      ...d.lines.map((l) => `- ${l}`),
      "",
      `Total : ${formatPrice(d.totalCents)}`,
      ...d.refunds,
      "",
      `Voir ma commande : ${absoluteUrl(ctx, d.orderPath)}`,
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
