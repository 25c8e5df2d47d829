import { Bullets, ButtonLink, Layout, P, Title, absoluteUrl, textLayout, type MailTemplate } from "./layout";

export type ReturnRequestedData = {
  firstName: string | null;
  returnNumber: string;
  orderNumber: string;
  /** The order in the shopper's account, where the prepaid label is downloaded. */
  ordersPath: string;
  /** "Name x 1", already worded. */
  lines: string[];
  refundMaxDays: number;
};

const STEPS = [
  "1. Téléchargez et imprimez l'étiquette de retour prépayée depuis Mon compte > Mes commandes.",
  "2. Remballez les produits non ouverts dans leur emballage d'origine, avec la facture.",
  "3. Collez l'étiquette sur le colis et déposez-le dans un point relais.",
];

export const returnRequested: MailTemplate<ReturnRequestedData> = {
  label: "Demande de retour enregistrée",
  subject: (d) => `Votre retour ${d.returnNumber} (commande ${d.orderNumber})`,
  Component: ({ data: d, ctx }) => (
    <Layout ctx={ctx} firstName={d.firstName} preview={`Votre retour ${d.returnNumber} est enregistré.`}>
      <Title>Votre retour est enregistré</Title>
      <P>
        Votre demande de retour {d.returnNumber} pour la commande {d.orderNumber} est enregistrée :
      </P>
      <Bullets items={d.lines} />
      {STEPS.map((s) => (
        <P key={s}>{s}</P>
      ))}
      <ButtonLink href={absoluteUrl(ctx, d.ordersPath)}>Télécharger l&apos;étiquette</ButtonLink>
      <P muted>
        Vous serez remboursé(e) sous {d.refundMaxDays} jours au plus après la réception du colis, sur le moyen de paiement utilisé.
      </P>
    </Layout>
  ),
  text: (d, ctx) =>
    textLayout(ctx, d.firstName, [
      `Votre demande de retour ${d.returnNumber} pour la commande ${d.orderNumber} est enregistrée :`,
      ...d.lines.map((l) => `- ${l}`),
      "",
      ...STEPS,
      `Ma commande : ${absoluteUrl(ctx, d.ordersPath)}`,
      "",
      `Vous serez remboursé(e) sous ${d.refundMaxDays} jours au plus après la réception du colis, sur le moyen de paiement utilisé.`,
    ]),
  sample: {
    firstName: "Camille",
    returnNumber: "RET-2026-000042",
    orderNumber: "AUR-2026-000123",
    ordersPath: "/dashboard?tab=orders&commande=AUR-2026-000123",
    lines: ["Vernis Nébuline (Rouge cerise) x 1"],
    refundMaxDays: 14,
  },
};
