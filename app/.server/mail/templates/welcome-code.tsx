import { Box, ButtonLink, Layout, P, Title, absoluteUrl, textLayout, type MailTemplate } from "./layout";

export type WelcomeCodeData = {
  firstName: string | null;
  code: string;
  percent: number;
  /** The last day the code works, as the shopper reads it. */
  until: string;
  shopPath: string;
};

export const welcomeCode: MailTemplate<WelcomeCodeData> = {
  label: "Code de bienvenue (newsletter)",
  subject: (d, ctx) => ctx.t("emails.welcomeCode.subject", { percent: d.percent }),
  Component: ({ data: d, ctx }) => (
    <Layout ctx={ctx} firstName={d.firstName} preview={ctx.t("emails.welcomeCode.subject", { percent: d.percent })}>
      <Title>{ctx.t("emails.welcomeCode.title")}</Title>
      <P>{ctx.t("emails.welcomeCode.confirmed")}</P>
      <P>{ctx.t("emails.welcomeCode.here")}</P>
      <Box lines={[d.code]} strong />
      <P>{ctx.t("emails.welcomeCode.offer", { percent: d.percent, until: d.until })}</P>
      <ButtonLink href={absoluteUrl(ctx, d.shopPath)}>{ctx.t("emails.layout.discoverShop")}</ButtonLink>
      <P muted>{ctx.t("emails.welcomeCode.personal")}</P>
      <P muted>{ctx.t("emails.welcomeCode.howTo")}</P>
    </Layout>
  ),
  text: (d, ctx) =>
    textLayout(ctx, d.firstName, [
      ctx.t("emails.welcomeCode.confirmed"),
      "",
      ctx.t("emails.welcomeCode.hereText", { code: d.code }),
      ctx.t("emails.welcomeCode.offer", { percent: d.percent, until: d.until }),
      ctx.t("emails.welcomeCode.personal"),
      ctx.t("emails.welcomeCode.howTo"),
      "",
      ctx.t("emails.layout.discoverShopText", { url: absoluteUrl(ctx, d.shopPath) }),
    ]),
  sample: { firstName: "Camille", code: "BIENVENUE-7KQ2M8XP", percent: 10, until: "26/12/2026", shopPath: "/products" },
};
