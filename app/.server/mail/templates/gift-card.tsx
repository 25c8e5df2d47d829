import { Box, ButtonLink, Layout, P, Title, absoluteUrl, textLayout, type MailTemplate } from "./layout";

export type GiftCardData = {
  /** The recipient's name as the buyer typed it, if any. */
  firstName: string | null;
  buyerName: string;
  amount: string;
  occasion: string;
  message: string | null;
  /** The full code, formatted in groups of four. */
  code: string;
  expiresOn: string;
  balancePath: string;
};

export const giftCard: MailTemplate<GiftCardData> = {
  label: "Carte cadeau offerte",
  subject: (d) => `${d.occasion} : une carte cadeau Aurore pour vous`,
  Component: ({ data: d, ctx }) => (
    <Layout ctx={ctx} firstName={d.firstName} preview={`${d.buyerName} vous offre une carte cadeau Aurore.`}>
      <Title>Une carte cadeau pour vous</Title>
      <P>
        {d.buyerName} vous offre une carte cadeau Aurore de {d.amount} ({d.occasion}).
      </P>
      {d.message && (
        <>
          <P>Son message :</P>
          <Box lines={[`« ${d.message} »`]} />
        </>
      )}
      <P>Votre code :</P>
      <Box lines={[d.code]} strong />
      <P>Valable jusqu&apos;au {d.expiresOn}, en une ou plusieurs commandes.</P>
      <P>Saisissez ce code dans le champ « Carte cadeau » du récapitulatif au moment de payer votre commande.</P>
      <ButtonLink href={absoluteUrl(ctx, d.balancePath)}>Consulter le solde</ButtonLink>
    </Layout>
  ),
  text: (d, ctx) =>
    textLayout(ctx, d.firstName, [
      `${d.buyerName} vous offre une carte cadeau Aurore de ${d.amount} (${d.occasion}).`,
      ...(d.message ? ["", "Son message :", `« ${d.message} »`] : []),
      "",
      `Votre code : ${d.code}`,
      `Valable jusqu'au ${d.expiresOn}, en une ou plusieurs commandes.`,
      "",
      "Saisissez ce code dans le champ « Carte cadeau » du récapitulatif au moment de payer votre commande.",
      `Vous pouvez consulter son solde à tout moment sur la page Carte cadeau du site : ${absoluteUrl(ctx, d.balancePath)}`,
    ]),
  sample: {
    firstName: "Léa",
    buyerName: "Camille Martin",
    amount: "50,00 €",
    occasion: "Anniversaire",
    message: "Joyeux anniversaire !",
    code: "7KQ2-M8XP-3HNW-R5TD",
    expiresOn: "26/11/2027",
    balancePath: "/carte-cadeau",
  },
};
