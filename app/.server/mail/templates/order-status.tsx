import { Link } from "@react-email/components";
import { Bullets, ButtonLink, Layout, P, Rows, Title, absoluteUrl, rowsText, textLayout, withTag, type MailTemplate } from "./layout";

export type OrderStatusData = {
  firstName: string | null;
  orderNumber: string;
  /** The order's date as the shopper reads it ("24/11/2026"). */
  orderDate: string;
  statusLabel: string;
  orderPath: string;
  /** "Votre colis est confié à Colissimo, numéro de suivi …" once shipped with tracking. */
  tracking: { sentence: string; url: string | null } | null;
  pointsCredited: number;
  /** "Name x 2 : 24,00 €", already worded. */
  lines: string[];
  totalCents: number;
};

export const orderStatus: MailTemplate<OrderStatusData> = {
  label: "Suivi de commande (expédition, livraison…)",
  subject: (d, ctx) => ctx.t("emails.orderStatus.subject", { orderNumber: d.orderNumber, status: d.statusLabel }),
  Component: ({ data: d, ctx }) => (
    <Layout
      ctx={ctx}
      firstName={d.firstName}
      preview={ctx.t("emails.orderStatus.subject", { orderNumber: d.orderNumber, status: d.statusLabel })}
    >
      <Title>{d.statusLabel}</Title>
      <P>{ctx.t("emails.orderStatus.intro", { orderNumber: d.orderNumber, date: d.orderDate, status: d.statusLabel })}</P>
      {d.tracking && (
        <>
          <P>{d.tracking.sentence}</P>
          {/* The carrier's page is the only link that leaves the shop: it is where the parcel is followed. */}
          {d.tracking.url && <ButtonLink href={d.tracking.url}>{ctx.t("emails.orderStatus.trackParcel")}</ButtonLink>}
        </>
      )}
      {d.pointsCredited > 0 && <P>{ctx.t("emails.orderStatus.points", { points: d.pointsCredited })}</P>}
      <P>{ctx.t("emails.layout.items")}</P>
      <Bullets items={d.lines} />
      <Rows rows={[{ label: ctx.t("emails.layout.total"), value: ctx.price(d.totalCents), strong: true }]} />
      {d.tracking?.url ? (
        <P muted>
          {withTag(ctx.t("emails.orderStatus.inAccount"), (label) => (
            <Link href={absoluteUrl(ctx, d.orderPath)}>{label}</Link>
          ))}
        </P>
      ) : (
        <ButtonLink href={absoluteUrl(ctx, d.orderPath)}>{ctx.t("emails.layout.viewOrder")}</ButtonLink>
      )}
    </Layout>
  ),
  text: (d, ctx) =>
    textLayout(ctx, d.firstName, [
      ctx.t("emails.orderStatus.intro", { orderNumber: d.orderNumber, date: d.orderDate, status: d.statusLabel }),
      ...(d.tracking
        ? ["", d.tracking.sentence, ...(d.tracking.url ? [ctx.t("emails.orderStatus.trackParcelText", { url: d.tracking.url })] : [])]
        : []),
      ...(d.pointsCredited > 0 ? ["", ctx.t("emails.orderStatus.points", { points: d.pointsCredited })] : []),
      "",
      ctx.t("emails.layout.items"),
      ...d.lines.map((l) => `- ${l}`),
      "",
      ...rowsText(ctx, [{ label: ctx.t("emails.layout.total"), value: ctx.price(d.totalCents) }]),
      "",
      ctx.t("emails.layout.viewOrderText", { url: absoluteUrl(ctx, d.orderPath) }),
    ]),
  sample: {
    firstName: "Camille",
    orderNumber: "AUR-2026-000123",
    orderDate: "24/11/2026",
    statusLabel: "Expédiée",
    orderPath: "/dashboard?tab=orders&commande=AUR-2026-000123",
    tracking: {
      sentence: "Votre colis est confié à Colissimo, numéro de suivi 6A12345678901.",
      url: "https://www.laposte.fr/outils/suivre-vos-envois?code=6A12345678901",
    },
    pointsCredited: 0,
    lines: ["Eau de parfum Nébuline (50 ml) x 1 : 89,00 €", "Vernis Nébuline (Rouge cerise) x 2 : 24,00 €"],
    totalCents: 11300,
  },
};
