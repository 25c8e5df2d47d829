import { Link } from "@react-email/components";
import { formatPrice } from "~/lib/money";
import { Bullets, ButtonLink, Layout, P, Rows, Title, absoluteUrl, textLayout, type MailTemplate } from "./layout";

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
  subject: (d) => `Votre commande ${d.orderNumber} : ${d.statusLabel}`,
  Component: ({ data: d, ctx }) => (
    <Layout ctx={ctx} firstName={d.firstName} preview={`Votre commande ${d.orderNumber} : ${d.statusLabel}`}>
      <Title>{d.statusLabel}</Title>
      <P>
        Le statut de votre commande {d.orderNumber} du {d.orderDate} est maintenant : {d.statusLabel}.
      </P>
      {d.tracking && (
        <>
          <P>{d.tracking.sentence}</P>
          {/* The carrier's page is the only link that leaves the shop: it is where the parcel is followed. */}
          {d.tracking.url && <ButtonLink href={d.tracking.url}>Suivre mon colis</ButtonLink>}
        </>
      )}
      {d.pointsCredited > 0 && <P>Vous avez gagné {d.pointsCredited} points Beauty Pass.</P>}
      <P>Articles :</P>
      <Bullets items={d.lines} />
      <Rows rows={[{ label: "Total", value: formatPrice(d.totalCents), strong: true }]} />
      {d.tracking?.url ? (
        <P muted>
          Votre commande dans votre espace client : <Link href={absoluteUrl(ctx, d.orderPath)}>Mes commandes</Link>
        </P>
      ) : (
        <ButtonLink href={absoluteUrl(ctx, d.orderPath)}>Voir ma commande</ButtonLink>
      )}
    </Layout>
  ),
  text: (d, ctx) =>
    textLayout(ctx, d.firstName, [
      `Le statut de votre commande ${d.orderNumber} du ${d.orderDate} est maintenant : ${d.statusLabel}.`,
      ...(d.tracking ? ["", d.tracking.sentence, ...(d.tracking.url ? [`Suivre mon colis : ${d.tracking.url}`] : [])] : []),
      ...(d.pointsCredited > 0 ? ["", `Vous avez gagné ${d.pointsCredited} points Beauty Pass.`] : []),
      "",
      "Articles :",
      ...d.lines.map((l) => `- ${l}`),
      "",
      `Total : ${formatPrice(d.totalCents)}`,
      "",
      `Voir ma commande : ${absoluteUrl(ctx, d.orderPath)}`,
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
