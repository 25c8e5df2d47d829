import { ButtonLink, Layout, P, Title, absoluteUrl, textLayout, ACCOUNT_PREFERENCES_PATH, type MailTemplate } from "./layout";

export type ReviewInvitationData = {
  firstName: string | null;
  orderNumber: string;
  products: { name: string; path: string }[];
};

/** Seven days after delivery, once per order (docs/decisions/037-reviews.md). */
export const reviewInvitation: MailTemplate<ReviewInvitationData> = {
  label: "Invitation à donner son avis",
  subject: (d, ctx) => ctx.t("emails.reviewInvitation.subject", { orderNumber: d.orderNumber }),
  Component: ({ data: d, ctx }) => (
    <Layout ctx={ctx} firstName={d.firstName} preview={ctx.t("emails.reviewInvitation.title")}>
      <Title>{ctx.t("emails.reviewInvitation.title")}</Title>
      <P>{ctx.t("emails.reviewInvitation.intro", { orderNumber: d.orderNumber })}</P>
      {d.products.map((p) => (
        <ButtonLink key={p.path} href={absoluteUrl(ctx, p.path)}>
          {ctx.t("emails.reviewInvitation.button", { product: p.name })}
        </ButtonLink>
      ))}
      <P muted>{ctx.t("emails.reviewInvitation.footer", { url: absoluteUrl(ctx, ACCOUNT_PREFERENCES_PATH) })}</P>
    </Layout>
  ),
  text: (d, ctx) =>
    textLayout(ctx, d.firstName, [
      ctx.t("emails.reviewInvitation.intro", { orderNumber: d.orderNumber }),
      "",
      ...d.products.map((p) => ctx.t("emails.reviewInvitation.buttonText", { product: p.name, url: absoluteUrl(ctx, p.path) })),
      "",
      ctx.t("emails.reviewInvitation.footer", { url: absoluteUrl(ctx, ACCOUNT_PREFERENCES_PATH) }),
    ]),
  sample: {
    firstName: "Camille",
    orderNumber: "AUR-2026-000123",
    products: [{ name: "Sérum Éclat Vitamine C", path: "/product/00000000-0000-4000-8000-000000000001#donner-mon-avis" }],
  },
};
