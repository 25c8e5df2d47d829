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
  subject: (d, ctx) => ctx.t("emails.giftCardExpiry.subject", { date: d.expiresOn }),
  Component: ({ data: d, ctx }) => (
    <Layout ctx={ctx} firstName={d.firstName} preview={ctx.t("emails.giftCardExpiry.preview", { date: d.expiresOn })}>
      <Title>{ctx.t("emails.giftCardExpiry.title")}</Title>
      <P>{ctx.t("emails.giftCardExpiry.balance", { balance: d.balance, code: d.maskedCode })}</P>
      <P>{ctx.t("emails.giftCardExpiry.expires", { date: d.expiresOn })}</P>
      <ButtonLink href={absoluteUrl(ctx, d.shopPath)}>{ctx.t("emails.layout.discoverShop")}</ButtonLink>
    </Layout>
  ),
  text: (d, ctx) =>
    textLayout(ctx, d.firstName, [
      ctx.t("emails.giftCardExpiry.balance", { balance: d.balance, code: d.maskedCode }),
      ctx.t("emails.giftCardExpiry.expires", { date: d.expiresOn }),
      ctx.t("emails.layout.discoverShopText", { url: absoluteUrl(ctx, d.shopPath) }),
    ]),
  sample: { firstName: "Léa", balance: "32,50 €", maskedCode: "•••• R5TD", expiresOn: "15/02/2027", shopPath: "/products" },
};
