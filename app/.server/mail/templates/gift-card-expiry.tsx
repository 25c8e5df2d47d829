import { ButtonLink, Layout, P, Title, absoluteUrl, textLayout, type MailTemplate } from "./layout";

export type GiftCardExpiryData = {
  firstName: string | null;
  balance: string;
  /** "•••• 7KQ2": never the full code in a reminder. */
  maskedCode: string;
  expiresOn: string;
  shopPath: string;
};

export const giftCardExpiry: MailTemplate<GiftCardExpiryData> = {
  label: "Carte cadeau bientôt expirée",
  subject: (d) => `Votre carte cadeau Aurore expire le ${d.expiresOn}`,
  Component: ({ data: d, ctx }) => (
    <Layout ctx={ctx} firstName={d.firstName} preview={`Votre carte cadeau expire le ${d.expiresOn}.`}>
      <Title>Votre carte cadeau expire bientôt</Title>
      <P>
        Il reste {d.balance} sur votre carte cadeau Aurore {d.maskedCode}.
      </P>
      <P>Elle expire le {d.expiresOn} : pensez à l&apos;utiliser d&apos;ici là.</P>
      <ButtonLink href={absoluteUrl(ctx, d.shopPath)}>Découvrir la boutique</ButtonLink>
    </Layout>
  ),
  text: (d, ctx) =>
    textLayout(ctx, d.firstName, [
      `Il reste ${d.balance} sur votre carte cadeau Aurore ${d.maskedCode}.`,
      `Elle expire le ${d.expiresOn} : pensez à l'utiliser d'ici là.`,
      `Découvrir la boutique : ${absoluteUrl(ctx, d.shopPath)}`,
    ]),
  sample: { firstName: "Léa", balance: "32,50 €", maskedCode: "•••• R5TD", expiresOn: "15/02/2027", shopPath: "/products" },
};
