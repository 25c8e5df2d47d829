import { formatPrice } from "~/lib/money";
import { Box, Bullets, ButtonLink, Layout, P, Rows, Title, absoluteUrl, rowsText, textLayout, type MailTemplate } from "./layout";

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

const lineText = (l: OrderConfirmationData["lines"][number]) => `${l.name} x ${l.quantity} : ${formatPrice(l.totalCents)}`;

export const orderConfirmation: MailTemplate<OrderConfirmationData> = {
  label: "Confirmation de commande",
  subject: (d) => `Confirmation de votre commande ${d.orderNumber}`,
  Component: ({ data: d, ctx }) => (
    <Layout ctx={ctx} firstName={d.firstName} preview={`Votre commande ${d.orderNumber} est confirmée.`}>
      <Title>Merci pour votre commande</Title>
      <P>Merci pour votre commande {d.orderNumber} chez Aurore. Elle est bien enregistrée et son paiement accepté.</P>
      <ButtonLink href={absoluteUrl(ctx, d.orderPath)}>Suivre ma commande</ButtonLink>
      <P>Récapitulatif :</P>
      <Bullets items={d.lines.map(lineText)} />
      {d.giftCardLines.filter(Boolean).length > 0 && <Box lines={d.giftCardLines.filter(Boolean)} />}
      <Rows rows={d.totals} />
      {d.deliveryNote && <P>{d.deliveryNote}</P>}
      {d.relayPoint && (
        <>
          <P>Point relais :</P>
          <Box lines={d.relayPoint} />
        </>
      )}
      {d.address && (
        <>
          <P>{d.address.title}</P>
          <Box lines={d.address.lines} />
        </>
      )}
      <P muted>
        Vous pouvez suivre votre commande dans votre espace client, rubrique Mes Commandes. Vous pouvez l&apos;annuler pendant une heure.
      </P>
    </Layout>
  ),
  text: (d, ctx) =>
    textLayout(ctx, d.firstName, [
      `Merci pour votre commande ${d.orderNumber} chez Aurore. Elle est bien enregistrée et son paiement accepté.`,
      "",
      "Récapitulatif :",
      ...d.lines.map((l) => `- ${lineText(l)}`),
      ...d.giftCardLines,
      "",
      ...rowsText(d.totals),
      ...(d.deliveryNote ? ["", d.deliveryNote] : []),
      ...(d.relayPoint ? ["", "Point relais :", ...d.relayPoint] : []),
      ...(d.address ? ["", d.address.title, ...d.address.lines] : []),
      "",
      "Vous pouvez suivre votre commande dans votre espace client, rubrique Mes Commandes. Vous pouvez l'annuler pendant une heure.",
      `Suivre ma commande : ${absoluteUrl(ctx, d.orderPath)}`,
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
