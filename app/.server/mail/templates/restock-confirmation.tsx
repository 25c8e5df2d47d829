import { ButtonLink, Layout, P, Title, absoluteUrl, textLayout, type MailTemplate } from "./layout";

export type RestockConfirmationData = {
  firstName: string | null;
  productTitle: string;
  /** The double opt-in link, with its one-time token. */
  confirmPath: string;
};

export const restockConfirmation: MailTemplate<RestockConfirmationData> = {
  label: "Alerte retour en stock : confirmation",
  subject: (d) => `Confirmez votre alerte de retour en stock : ${d.productTitle}`,
  Component: ({ data: d, ctx }) => (
    <Layout ctx={ctx} firstName={d.firstName} preview="Confirmez votre alerte de retour en stock.">
      <Title>Confirmez votre alerte</Title>
      <P>Vous avez demandé à être prévenu(e) du retour en stock de « {d.productTitle} ».</P>
      <ButtonLink href={absoluteUrl(ctx, d.confirmPath)}>Confirmer mon alerte</ButtonLink>
      <P muted>
        Nous vous écrirons une seule fois, dès le retour du produit. Si vous n&apos;êtes pas à l&apos;origine de cette demande, ignorez
        simplement cet e-mail.
      </P>
    </Layout>
  ),
  text: (d, ctx) =>
    textLayout(ctx, d.firstName, [
      `Vous avez demandé à être prévenu(e) du retour en stock de « ${d.productTitle} ».`,
      "Pour confirmer cette alerte, ouvrez ce lien :",
      absoluteUrl(ctx, d.confirmPath),
      "",
      "Nous vous écrirons une seule fois, dès le retour du produit. Si vous n'êtes pas à l'origine de cette demande, ignorez simplement cet e-mail.",
    ]),
  sample: { firstName: "Camille", productTitle: "Vernis Nébuline (Rouge cerise)", confirmPath: "/alerte-stock/confirmation?token=exemple" },
};
