import { ButtonLink, Layout, P, Title, absoluteUrl, orderPath, textLayout, type MailTemplate } from "./layout";

export type InstalmentUnpaidData = {
  firstName: string | null;
  orderNumber: string;
  seq: number;
  amount: string;
  dueDate: string;
};

/** Paiement en 3 fois: an instalment refused on its day and on the two retries (decision 035). */
export const instalmentUnpaid: MailTemplate<InstalmentUnpaidData> = {
  label: "Échéance impayée (paiement en 3 fois)",
  subject: (d) => `Échéance impayée : commande ${d.orderNumber}`,
  Component: ({ data: d, ctx }) => (
    <Layout ctx={ctx} firstName={d.firstName} preview={`L'échéance ${d.seq}/3 de ${d.amount} n'a pas pu être prélevée.`}>
      <Title>Échéance impayée</Title>
      <P>
        L&apos;échéance {d.seq}/3 de {d.amount} de votre commande {d.orderNumber}, prévue le {d.dueDate}, a été refusée par votre banque, y
        compris lors des 2 nouvelles tentatives des jours suivants.
      </P>
      <P>Merci de contacter notre service client depuis votre espace client pour régler ce montant.</P>
      <ButtonLink href={absoluteUrl(ctx, orderPath(d.orderNumber))}>Voir ma commande</ButtonLink>
    </Layout>
  ),
  text: (d, ctx) =>
    textLayout(ctx, d.firstName, [
      `L'échéance ${d.seq}/3 de ${d.amount} de votre commande ${d.orderNumber}, prévue le ${d.dueDate}, a été refusée par votre banque, y compris lors des 2 nouvelles tentatives des jours suivants.`,
      "",
      "Merci de contacter notre service client depuis votre espace client pour régler ce montant.",
      absoluteUrl(ctx, orderPath(d.orderNumber)),
    ]),
  sample: { firstName: "Camille", orderNumber: "AUR-2026-000123", seq: 2, amount: "33,33 €", dueDate: "25 décembre 2026" },
};
