import { ButtonLink, Layout, P, Title, absoluteUrl, textLayout, type MailTemplate } from "./layout";

export type PointsExpiryData = {
  firstName: string | null;
  /** "120 points Beauty Pass expireront le … Utilisez-les …", the notification's own sentence. */
  message: string;
  beautyPassPath: string;
};

export const pointsExpiry: MailTemplate<PointsExpiryData> = {
  label: "Points Beauty Pass bientôt expirés",
  subject: (_d, ctx) => ctx.t("emails.pointsExpiry.subject"),
  Component: ({ data: d, ctx }) => (
    <Layout ctx={ctx} firstName={d.firstName} preview={ctx.t("emails.pointsExpiry.subject")}>
      <Title>{ctx.t("emails.pointsExpiry.title")}</Title>
      <P>{d.message}</P>
      <ButtonLink href={absoluteUrl(ctx, d.beautyPassPath)}>{ctx.t("emails.pointsExpiry.view")}</ButtonLink>
      <P>{ctx.t("emails.layout.seeYouSoon")}</P>
    </Layout>
  ),
  text: (d, ctx) =>
    textLayout(ctx, d.firstName, [
      d.message,
      ctx.t("emails.pointsExpiry.viewText", { url: absoluteUrl(ctx, d.beautyPassPath) }),
      "",
      ctx.t("emails.layout.seeYouSoon"),
    ]),
  sample: {
    firstName: "Camille",
    message: "120 points Beauty Pass expireront le 31/12/2026. Utilisez-les lors de votre prochaine commande (dès 100 points).",
    beautyPassPath: "/beauty-pass",
  },
};
