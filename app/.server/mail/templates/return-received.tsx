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
  subject: (d) => `Votre retour ${d.returnNumber} est réceptionné`,
  Component: ({ data: d, ctx }) => (
    <Layout ctx={ctx} firstName={d.firstName} preview={`Votre retour ${d.returnNumber} est réceptionné.`}>
      <Title>Retour réceptionné</Title>
      <P>
        Nous avons réceptionné votre retour {d.returnNumber} (commande {d.orderNumber}) :
      </P>
      <Bullets items={d.lines} />
      {d.money.map((m, i) => (
        <P key={i}>{m}</P>
      ))}
      <ButtonLink href={absoluteUrl(ctx, d.ordersPath)}>Voir ma commande</ButtonLink>
    </Layout>
  ),
  text: (d, ctx) =>
    textLayout(ctx, d.firstName, [
      `Nous avons réceptionné votre retour ${d.returnNumber} (commande ${d.orderNumber}) :`,
      ...d.lines.map((l) => `- ${l}`),
      "",
      ...d.money,
      "",
      `Voir ma commande : ${absoluteUrl(ctx, d.ordersPath)}`,
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
