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
  subject: (d, ctx) => ctx.t("emails.giftCard.subject", { occasion: d.occasion }),
  Component: ({ data: d, ctx }) => (
    <Layout ctx={ctx} firstName={d.firstName} preview={ctx.t("emails.giftCard.preview", { buyer: d.buyerName })}>
      <Title>{ctx.t("emails.giftCard.title")}</Title>
      <P>{ctx.t("emails.giftCard.intro", { buyer: d.buyerName, amount: d.amount, occasion: d.occasion })}</P>
      {d.message && (
        <>
          <P>{ctx.t("emails.giftCard.message")}</P>
          <Box lines={[ctx.t("emails.giftCard.quote", { message: d.message })]} />
        </>
      )}
      <P>{ctx.t("emails.giftCard.code")}</P>
      <Box lines={[d.code]} strong />
      <P>{ctx.t("emails.giftCard.validity", { date: d.expiresOn })}</P>
      <P>{ctx.t("emails.giftCard.howTo")}</P>
      <ButtonLink href={absoluteUrl(ctx, d.balancePath)}>{ctx.t("emails.giftCard.balance")}</ButtonLink>
    </Layout>
  ),
  text: (d, ctx) =>
    textLayout(ctx, d.firstName, [
      ctx.t("emails.giftCard.intro", { buyer: d.buyerName, amount: d.amount, occasion: d.occasion }),
      ...(d.message ? ["", ctx.t("emails.giftCard.message"), ctx.t("emails.giftCard.quote", { message: d.message })] : []),
      "",
      ctx.t("emails.giftCard.codeText", { code: d.code }),
      ctx.t("emails.giftCard.validity", { date: d.expiresOn }),
      "",
      ctx.t("emails.giftCard.howTo"),
      ctx.t("emails.giftCard.balanceText", { url: absoluteUrl(ctx, d.balancePath) }),
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
