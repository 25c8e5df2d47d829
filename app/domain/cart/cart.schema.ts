/** The cart lines sent to PUT /api/v1/cart: a variant (or a one-variant product) and a quantity; prices always come from the server. */
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
  /**
   * A merge's own id, chosen by the browser: a merge sent again with the same id (the page went
   * away before its answer, and the next page retries it) is not added twice.
   */
  merge_id: z
    .string({ error: "Identifiant de fusion du panier invalide" })
    .regex(/^[A-Za-z0-9_-]{8,64}$/, { error: "Identifiant de fusion du panier invalide" })
    .optional(),
});
export type CartLinesRequest = z.output<typeof CartLinesSchema>;

const idList = (invalidMessage: string, description: string) =>
  text({ error: invalidMessage })
    .transform((value) =>
      value
        .split(",")
        .map((id) => id.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.uuid({ error: invalidMessage })).max(CART_MAX_LINES, { error: `${CART_MAX_LINES} articles au maximum` }))
    .describe(description);

/**
 * GET /api/v1/cart?variants=a,b (and/or ?ids=c,d for lines saved before variants, one-variant
 * products only): current price, stock and availability of these variants (visitors too).
 */
export const CartQuoteQuerySchema = z.object({
  ids: idList("Identifiant de produit invalide", "Identifiants de produits (à une seule variante) séparés par des virgules").optional(),
  variants: idList("Identifiant de variante invalide", "Identifiants de variantes séparés par des virgules").optional(),
});
