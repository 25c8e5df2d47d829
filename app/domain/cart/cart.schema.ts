/** The cart lines sent to PUT /api/v1/cart (quantities only: prices always come from the server). */
import { z } from "zod";
import { text } from "~/lib/safe-text";
import { OrderLineSchema } from "~/domain/checkout/checkout.schema";
import { CART_MAX_LINES } from "~/lib/shop-rules";

export const CartLinesSchema = z.object({
  lines: z
    .array(OrderLineSchema)
    .max(CART_MAX_LINES, { error: `Votre panier ne peut pas contenir plus de ${CART_MAX_LINES} articles différents` }),
  /** "replace" (default) sets the server cart to these lines; "merge" adds them (sign-in merge). */
  mode: z.enum(["replace", "merge"]).optional().default("replace"),
});
export type CartLinesRequest = z.output<typeof CartLinesSchema>;

/** GET /api/v1/cart?ids=a,b: current price, stock and availability of these products (visitors too). */
export const CartQuoteQuerySchema = z.object({
  ids: text({ error: "Identifiants de produits invalides" })
    .transform((value) =>
      value
        .split(",")
        .map((id) => id.trim())
        .filter(Boolean),
    )
    .pipe(
      z.array(z.uuid({ error: "Identifiant de produit invalide" })).max(CART_MAX_LINES, { error: `${CART_MAX_LINES} produits au maximum` }),
    )
    .describe("Identifiants de produits séparés par des virgules"),
});
