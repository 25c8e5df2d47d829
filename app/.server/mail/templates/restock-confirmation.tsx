import { ButtonLink, Layout, P, Title, absoluteUrl, textLayout, type MailTemplate } from "./layout";

export type RestockConfirmationData = {
  firstName: string | null;
  productTitle: string;
  /** The double opt-in link, with its one-time token. */
  confirmPath: string;
};

export const restockConfirmation: MailTemplate<RestockConfirmationData> = {
  label: "Alerte retour en stock : confirmation",
  subject: (d, ctx) => ctx.t("emails.restockConfirmation.subject", { product: d.productTitle }),
  Component: ({ data: d, ctx }) => (
    <Layout ctx={ctx} firstName={d.firstName} preview={ctx.t("emails.restockConfirmation.preview")}>
      <Title>{ctx.t("emails.restockConfirmation.title")}</Title>
      <P>{ctx.t("emails.restockConfirmation.intro", { product: d.productTitle })}</P>
      <ButtonLink href={absoluteUrl(ctx, d.confirmPath)}>{ctx.t("emails.restockConfirmation.confirm")}</ButtonLink>
      <P muted>{ctx.t("emails.restockConfirmation.once")}</P>
    </Layout>
  ),
  text: (d, ctx) =>
    textLayout(ctx, d.firstName, [
      ctx.t("emails.restockConfirmation.intro", { product: d.productTitle }),
      ctx.t("emails.restockConfirmation.openLink"),
      absoluteUrl(ctx, d.confirmPath),
      "",
      ctx.t("emails.restockConfirmation.once"),
    ]),
  sample: { firstName: "Camille", productTitle: "Vernis Nébuline (Rouge cerise)", confirmPath: "/alerte-stock/confirmation?token=exemple" },
};
