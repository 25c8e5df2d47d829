import { ButtonLink, Layout, P, Title, absoluteUrl, textLayout, type MailTemplate } from "./layout";

export type RestockAvailableData = {
  firstName: string | null;
  productTitle: string;
  productPath: string;
};

export const restockAvailable: MailTemplate<RestockAvailableData> = {
  label: "Alerte retour en stock : disponible",
  subject: (d, ctx) => ctx.t("emails.restockAvailable.subject", { product: d.productTitle }),
  Component: ({ data: d, ctx }) => (
    <Layout ctx={ctx} firstName={d.firstName} preview={ctx.t("emails.restockAvailable.preview", { product: d.productTitle })}>
      <Title>{ctx.t("emails.restockAvailable.title")}</Title>
      <P>{ctx.t("emails.restockAvailable.intro", { product: d.productTitle })}</P>
      <ButtonLink href={absoluteUrl(ctx, d.productPath)}>{ctx.t("emails.restockAvailable.view")}</ButtonLink>
      <P muted>{ctx.t("emails.restockAvailable.limited")}</P>
    </Layout>
  ),
  text: (d, ctx) =>
    textLayout(ctx, d.firstName, [
      ctx.t("emails.restockAvailable.intro", { product: d.productTitle }),
      absoluteUrl(ctx, d.productPath),
      "",
      ctx.t("emails.restockAvailable.limited"),
    ]),
  sample: {
    firstName: "Camille",
    productTitle: "Vernis Nébuline (Rouge cerise)",
    productPath: "/product/00000000-0000-4000-8000-000000000001?variant=NEB-ROUGE",
  },
};
