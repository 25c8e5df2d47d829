/**
 * 'Commander à nouveau': which lines of a past order go back into the cart, from the catalogue's
 * current price, stock and availability. Gift cards and products since removed stay out; a line
 * is capped at today's stock. Pure: the order detail fetches the quotes, the cart store adds.
 */
import type { CartProductQuote } from "~/domain/cart/cart.types";
import { lineName } from "~/domain/cart/line-name";
import type { OrderItemView } from "~/domain/orders/order.types";
import { CART_MAX_LINE_QUANTITY } from "~/lib/shop-rules";

export type ReorderPlan = {
  lines: { quote: CartProductQuote; quantity: number }[];
  /** Names of the lines that can no longer be bought. */
  unavailable: string[];
  /** Names of the lines added with fewer units than ordered (stock). */
  limited: string[];
};

/** The variants whose current quote the plan needs. */
export function reorderVariantIds(items: readonly OrderItemView[]): string[] {
  return [...new Set(items.filter((i) => i.product_id && i.variant_id).map((i) => i.variant_id as string))];
}

export function planReorder(items: readonly OrderItemView[], quotes: readonly CartProductQuote[]): ReorderPlan {
  const byVariant = new Map(quotes.map((q) => [q.variant_id, q]));
  const wanted = new Map<string, { quote: CartProductQuote; quantity: number }>();
  const unavailable: string[] = [];
  for (const item of items) {
    if (!item.product_id) continue; // a gift card bought, not a product
    const name = lineName(item.product_snapshot.name, item.product_snapshot.variant_label ?? null);
    const quote = item.variant_id ? byVariant.get(item.variant_id) : undefined;
    if (!quote || !quote.available || quote.stock_quantity < 1) {
      unavailable.push(name);
      continue;
    }
    const line = wanted.get(quote.variant_id) ?? { quote, quantity: 0 };
    line.quantity += item.quantity;
    wanted.set(quote.variant_id, line);
  }
  const limited: string[] = [];
  const lines = [...wanted.values()].map(({ quote, quantity }) => {
    const capped = Math.min(quantity, quote.stock_quantity, CART_MAX_LINE_QUANTITY);
    if (capped < quantity) limited.push(lineName(quote.name, quote.variant_label));
    return { quote, quantity: capped };
  });
  return { lines, unavailable, limited };
}

/** The French summary shown after 'Commander à nouveau'. */
export function reorderMessage(plan: ReorderPlan): string {
  const added = plan.lines.reduce((sum, l) => sum + l.quantity, 0);
  const parts = [
    added === 0
      ? "Aucun article de cette commande n'est disponible aujourd'hui."
      : `${added} ${added === 1 ? "article ajouté" : "articles ajoutés"} à votre panier.`,
  ];
  if (plan.limited.length > 0) parts.push(`Quantité limitée au stock disponible : ${plan.limited.join(", ")}.`);
  if (plan.unavailable.length > 0) parts.push(`Plus disponible : ${plan.unavailable.join(", ")}.`);
  return parts.join(" ");
}
