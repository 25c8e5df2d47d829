import { ButtonLink, Layout, P, Title, absoluteUrl, textLayout, type MailContext, type MailTemplate } from "./layout";

/**
 * The Beauty Box's mails (docs/decisions/071-beauty-box.md): the subscription's confirmation with
 * what the law asks to confirm on a durable medium (price, renewal, charge day, how to cancel,
 * withdrawal), a month charged (its order), a month that could not be charged after its tries,
 * and the cancellation.
 */
export type BeautyBoxMailData = {
  firstName: string | null;
  kind: "subscribed" | "charged" | "unpaid" | "cancelled";
  /** The month's order, once charged. */
  orderNumber?: string;
  price: string;
  /** The month concerned ("janvier 2027"): the first box, the unpaid one. */
  month: string;
  /** The first charge's day, for the confirmation. */
  firstChargeDate?: string;
  withdrawalDays?: number;
};

const MANAGE_PATH = "/ma-beauty-box";

const SUBJECTS = {
  subscribed: "emails.beautyBox.subscribedSubject",
  charged: "emails.beautyBox.chargedSubject",
  unpaid: "emails.beautyBox.unpaidSubject",
  cancelled: "emails.beautyBox.cancelledSubject",
} as const;

function lines(d: BeautyBoxMailData, t: MailContext["t"]): string[] {
  const values = {
    price: d.price,
    month: d.month,
    date: d.firstChargeDate ?? "",
    days: d.withdrawalDays ?? 14,
    orderNumber: d.orderNumber ?? "",
  };
  if (d.kind === "subscribed")
    return [
      t("emails.beautyBox.subscribedIntro", values),
      t("emails.beautyBox.subscribedRenewal", values),
      t("emails.beautyBox.subscribedCancel"),
      t("emails.beautyBox.subscribedWithdrawal", values),
    ];
  if (d.kind === "charged") return [t("emails.beautyBox.chargedIntro", values), t("emails.beautyBox.chargedNext")];
  if (d.kind === "unpaid") return [t("emails.beautyBox.unpaidIntro", values), t("emails.beautyBox.unpaidAction")];
  return [t("emails.beautyBox.cancelledIntro"), t("emails.beautyBox.cancelledAgain")];
}

export const beautyBox: MailTemplate<BeautyBoxMailData> = {
  label: "Beauty Box (abonnement, box du mois, box impayée, résiliation)",
  subject: (d, ctx) => ctx.t(SUBJECTS[d.kind], { month: d.month }),
  Component: ({ data: d, ctx }) => (
    <Layout ctx={ctx} firstName={d.firstName} preview={ctx.t(SUBJECTS[d.kind], { month: d.month })}>
      <Title>{ctx.t(SUBJECTS[d.kind], { month: d.month })}</Title>
      {lines(d, ctx.t).map((line) => (
        <P key={line}>{line}</P>
      ))}
      <ButtonLink href={absoluteUrl(ctx, MANAGE_PATH)}>{ctx.t("emails.beautyBox.manage")}</ButtonLink>
    </Layout>
  ),
  text: (d, ctx) => textLayout(ctx, d.firstName, [...lines(d, ctx.t), "", ctx.t("emails.beautyBox.manage"), absoluteUrl(ctx, MANAGE_PATH)]),
  sample: {
    firstName: "Camille",
    kind: "subscribed",
    price: "29,90 €",
    month: "janvier 2027",
    firstChargeDate: "1 janvier 2027",
    withdrawalDays: 14,
  },
};
