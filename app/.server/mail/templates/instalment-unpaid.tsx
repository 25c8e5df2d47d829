import { ButtonLink, Layout, P, Title, absoluteUrl, orderPath, textLayout, type MailTemplate } from "./layout";

export type InstalmentUnpaidData = {
  firstName: string | null;
  orderNumber: string;
  seq: number;
  amount: string;
  dueDate: string;
  /**
   * Why: declined on its day and the two retries (the default), or, when the bank wanted the
   * shopper to authenticate it, not confirmed before the e-mailed link expired (decision 035).
   */
  reason?: "declined" | "not_confirmed";
};

const introKey = (d: InstalmentUnpaidData) =>
  d.reason === "not_confirmed" ? "emails.instalmentUnpaid.introNotConfirmed" : "emails.instalmentUnpaid.intro";

/** Paiement en 3 fois: an instalment refused on its day and on the two retries (decision 035). */
export const instalmentUnpaid: MailTemplate<InstalmentUnpaidData> = {
  label: "Échéance impayée (paiement en 3 fois)",
  subject: (d, ctx) => ctx.t("emails.instalmentUnpaid.subject", { orderNumber: d.orderNumber }),
  Component: ({ data: d, ctx }) => (
    <Layout ctx={ctx} firstName={d.firstName} preview={ctx.t("emails.instalmentUnpaid.preview", { seq: d.seq, amount: d.amount })}>
      <Title>{ctx.t("emails.instalmentUnpaid.title")}</Title>
      <P>{ctx.t(introKey(d), { seq: d.seq, amount: d.amount, orderNumber: d.orderNumber, date: d.dueDate })}</P>
      <P>{ctx.t("emails.instalmentUnpaid.contact")}</P>
      <ButtonLink href={absoluteUrl(ctx, orderPath(d.orderNumber))}>{ctx.t("emails.layout.viewOrder")}</ButtonLink>
    </Layout>
  ),
  text: (d, ctx) =>
    textLayout(ctx, d.firstName, [
      ctx.t(introKey(d), { seq: d.seq, amount: d.amount, orderNumber: d.orderNumber, date: d.dueDate }),
      "",
      ctx.t("emails.instalmentUnpaid.contact"),
      absoluteUrl(ctx, orderPath(d.orderNumber)),
    ]),
  sample: { firstName: "Camille", orderNumber: "AUR-2026-000123", seq: 2, amount: "33,33 €", dueDate: "25 décembre 2026" },
};
