import { Link, Text } from "@react-email/components";
import {
  ButtonLink,
  Layout,
  P,
  Rows,
  Title,
  absoluteUrl,
  brand,
  rowsText,
  textLayout,
  type MailContext,
  type MailTemplate,
} from "./layout";

export type CartReminderLine = {
  name: string;
  /** The variant's label ("50 ml"), when the product has several. */
  variant: string | null;
  quantity: number;
  /** The current price of one, read from the catalogue when the mail is written. */
  priceCents: number;
  /** Units in stock now: 0 says the line is out of stock. */
  stock: number;
};

export type CartReminderData = {
  firstName: string | null;
  step: 1 | 2;
  lines: CartReminderLine[];
  /** The available lines at their current prices. */
  subtotalCents: number;
  cartPath: string;
  /** The one-click unsubscribe page of this recipient, with its signed token. */
  unsubscribePath: string;
};

function lineLabel(line: CartReminderLine): string {
  return `${line.name}${line.variant ? ` (${line.variant})` : ""} × ${line.quantity}`;
}

function stockLabel(ctx: MailContext, line: CartReminderLine): string {
  if (line.stock <= 0) return ctx.t("emails.cartReminder.outOfStock");
  if (line.stock < line.quantity) return ctx.t("emails.cartReminder.fewLeft", { count: line.stock });
  return ctx.t("emails.cartReminder.inStock");
}

function rowsOf(d: CartReminderData, ctx: MailContext) {
  return [
    ...d.lines.flatMap((line) => [
      { label: lineLabel(line), value: ctx.price(line.priceCents * line.quantity) },
      { label: stockLabel(ctx, line), value: null },
    ]),
    { label: ctx.t("emails.cartReminder.subtotal"), value: ctx.price(d.subtotalCents), strong: true },
  ];
}

/** A signed-in shopper's cart left unordered: one mail after the first delay, one more after the second (decision 069). */
export const cartReminder: MailTemplate<CartReminderData> = {
  label: "Panier oublié (rappel)",
  subject: (d, ctx) => ctx.t(d.step === 2 ? "emails.cartReminder.subjectSecond" : "emails.cartReminder.subject"),
  Component: ({ data: d, ctx }) => (
    <Layout ctx={ctx} firstName={d.firstName} preview={ctx.t("emails.cartReminder.preview")}>
      <Title>{ctx.t("emails.cartReminder.title")}</Title>
      <P>{ctx.t(d.step === 2 ? "emails.cartReminder.introSecond" : "emails.cartReminder.intro")}</P>
      <Rows rows={rowsOf(d, ctx)} />
      <P muted>{ctx.t("emails.cartReminder.pricesNow")}</P>
      <ButtonLink href={absoluteUrl(ctx, d.cartPath)}>{ctx.t("emails.cartReminder.button")}</ButtonLink>
      <Text style={{ color: brand.muted, fontSize: "12px", lineHeight: "18px", margin: "0 0 14px" }}>
        {ctx.t("emails.cartReminder.why")}{" "}
        <Link href={absoluteUrl(ctx, d.unsubscribePath)} style={{ color: brand.accent }}>
          {ctx.t("emails.cartReminder.unsubscribe")}
        </Link>
      </Text>
    </Layout>
  ),
  text: (d, ctx) =>
    textLayout(ctx, d.firstName, [
      ctx.t(d.step === 2 ? "emails.cartReminder.introSecond" : "emails.cartReminder.intro"),
      "",
      ...rowsText(ctx, rowsOf(d, ctx)),
      "",
      ctx.t("emails.cartReminder.pricesNow"),
      ctx.t("emails.cartReminder.buttonText", { url: absoluteUrl(ctx, d.cartPath) }),
      "",
      ctx.t("emails.cartReminder.why"),
      ctx.t("emails.cartReminder.unsubscribeText", { url: absoluteUrl(ctx, d.unsubscribePath) }),
    ]),
  sample: {
    firstName: "Camille",
    step: 1,
    lines: [
      { name: "Sérum Éclat Vitamine C", variant: "30 ml", quantity: 1, priceCents: 4_990, stock: 12 },
      { name: "Vernis Nébuline", variant: "Rouge cerise", quantity: 2, priceCents: 1_450, stock: 0 },
    ],
    subtotalCents: 4_990,
    cartPath: "/panier",
    unsubscribePath: "/e-mails/desinscription?token=exemple",
  },
};
