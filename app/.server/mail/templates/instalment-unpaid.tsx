import { ButtonLink, Layout, P, Title, absoluteUrl, orderPath, textLayout, type MailTemplate } from "./layout";

export type InstalmentUnpaidData = {
  firstName: string | null;
  orderNumber: string;
  seq: number;
  amount: string;
  dueDate: string;
};

/** Paiement en 3 fois: an instalment refused on its day and on the two retries (decision 035). */
export const instalmentUnpaid: MailTemplate<InstalmentUnpaidData> = {
  label: "Échéance impayée (paiement en 3 fois)",
  subject: (d, ctx) => ctx.t("emails.instalmentUnpaid.subject", { orderNumber: d.orderNumber }),
  Component: ({ data: d, ctx }) => (
    <Layout ctx={ctx} firstName={d.firstName} preview={ctx.t("emails.instalmentUnpaid.preview", { seq: d.seq, amount: d.amount })}>
      <Title>{ctx.t("emails.instalmentUnpaid.title")}</Title>
      <P>{ctx.t("emails.instalmentUnpaid.intro", { seq: d.seq, amount: d.amount, orderNumber: d.orderNumber, date: d.dueDate })}</P>
      <P>{ctx.t("emails.instalmentUnpaid.contact")}</P>
      <ButtonLink href={absoluteUrl(ctx, orderPath(d.orderNumber))}>{ctx.t("emails.layout.viewOrder")}</ButtonLink>
    </Layout>
  ),
  text: (d, ctx) =>
    textLayout(ctx, d.firstName, [
      ctx.t("emails.instalmentUnpaid.intro", { seq: d.seq, amount: d.amount, orderNumber: d.orderNumber, date: d.dueDate }),
      "",
      ctx.t("emails.instalmentUnpaid.contact"),
      absoluteUrl(ctx, orderPath(d.orderNumber)),
    ]),
  sample: { firstName: "Camille", orderNumber: "AUR-2026-000123", seq: 2, amount: "33,33 €", dueDate: "25 décembre 2026" },
};
