import { ButtonLink, Layout, P, Title, absoluteUrl, textLayout, type MailTemplate } from "./layout";

export type InstalmentAuthenticationData = {
  firstName: string | null;
  orderNumber: string;
  seq: number;
  amount: string;
  dueDate: string;
  /** The instalment's /paiement-echeance link, with its token (only this mail carries it). */
  confirmPath: string;
  validDays: number;
};

/**
 * Paiement en 3 fois: the bank declined an instalment off session because it wants the shopper
 * to authenticate it (decision 035). The link opens the page where they pay it themselves.
 */
export const instalmentAuthentication: MailTemplate<InstalmentAuthenticationData> = {
  label: "Échéance à confirmer auprès de la banque (paiement en 3 fois)",
  subject: (d, ctx) => ctx.t("emails.instalmentAuthentication.subject", { orderNumber: d.orderNumber }),
  Component: ({ data: d, ctx }) => (
    <Layout ctx={ctx} firstName={d.firstName} preview={ctx.t("emails.instalmentAuthentication.preview", { seq: d.seq, amount: d.amount })}>
      <Title>{ctx.t("emails.instalmentAuthentication.title")}</Title>
      <P>{ctx.t("emails.instalmentAuthentication.intro", { seq: d.seq, amount: d.amount, orderNumber: d.orderNumber, date: d.dueDate })}</P>
      <P>{ctx.t("emails.instalmentAuthentication.openLink", { days: d.validDays })}</P>
      <ButtonLink href={absoluteUrl(ctx, d.confirmPath)}>{ctx.t("emails.instalmentAuthentication.button")}</ButtonLink>
      <P muted>{ctx.t("emails.instalmentAuthentication.otherwise")}</P>
    </Layout>
  ),
  text: (d, ctx) =>
    textLayout(ctx, d.firstName, [
      ctx.t("emails.instalmentAuthentication.intro", { seq: d.seq, amount: d.amount, orderNumber: d.orderNumber, date: d.dueDate }),
      "",
      ctx.t("emails.instalmentAuthentication.openLink", { days: d.validDays }),
      absoluteUrl(ctx, d.confirmPath),
      "",
      ctx.t("emails.instalmentAuthentication.otherwise"),
    ]),
  sample: {
    firstName: "Camille",
    orderNumber: "AUR-2026-000123",
    seq: 2,
    amount: "33,33 €",
    dueDate: "25 décembre 2026",
    confirmPath: "/paiement-echeance?token=exemple",
    validDays: 7,
  },
};
