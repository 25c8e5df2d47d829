import { Bullets, ButtonLink, Layout, P, Title, absoluteUrl, textLayout, type MailContext, type MailTemplate } from "./layout";

export type ReturnRequestedData = {
  firstName: string | null;
  returnNumber: string;
  orderNumber: string;
  /** The order in the shopper's account, where the prepaid label is downloaded. */
  ordersPath: string;
  /** "Name x 1", already worded. */
  lines: string[];
  refundMaxDays: number;
};

const stepsOf = (ctx: MailContext) => [
  ctx.t("emails.returnRequested.step1"),
  ctx.t("emails.returnRequested.step2"),
  ctx.t("emails.returnRequested.step3"),
];

export const returnRequested: MailTemplate<ReturnRequestedData> = {
  label: "Demande de retour enregistrée",
  subject: (d, ctx) => ctx.t("emails.returnRequested.subject", { returnNumber: d.returnNumber, orderNumber: d.orderNumber }),
  Component: ({ data: d, ctx }) => (
    <Layout ctx={ctx} firstName={d.firstName} preview={ctx.t("emails.returnRequested.preview", { returnNumber: d.returnNumber })}>
      <Title>{ctx.t("emails.returnRequested.title")}</Title>
      <P>{ctx.t("emails.returnRequested.intro", { returnNumber: d.returnNumber, orderNumber: d.orderNumber })}</P>
      <Bullets items={d.lines} />
      {stepsOf(ctx).map((s) => (
        <P key={s}>{s}</P>
      ))}
      <ButtonLink href={absoluteUrl(ctx, d.ordersPath)}>{ctx.t("emails.returnRequested.download")}</ButtonLink>
      <P muted>{ctx.t("emails.returnRequested.refund", { days: d.refundMaxDays })}</P>
    </Layout>
  ),
  text: (d, ctx) =>
    textLayout(ctx, d.firstName, [
      ctx.t("emails.returnRequested.intro", { returnNumber: d.returnNumber, orderNumber: d.orderNumber }),
      ...d.lines.map((l) => `- ${l}`),
      "",
      ...stepsOf(ctx),
      ctx.t("emails.returnRequested.orderText", { url: absoluteUrl(ctx, d.ordersPath) }),
      "",
      ctx.t("emails.returnRequested.refund", { days: d.refundMaxDays }),
    ]),
  sample: {
    firstName: "Camille",
    returnNumber: "RET-2026-000042",
    orderNumber: "AUR-2026-000123",
    ordersPath: "/dashboard?tab=orders&commande=AUR-2026-000123",
    lines: ["Vernis Nébuline (Rouge cerise) x 1"],
    refundMaxDays: 14,
  },
};
