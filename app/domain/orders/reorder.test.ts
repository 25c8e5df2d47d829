import { describe, expect, it } from "vitest";
import type { CartProductQuote } from "~/domain/cart/cart.types";
import type { OrderItemView } from "./order.types";
import { planReorder, reorderMessage, reorderVariantIds } from "./reorder";

const item = (
  variant: string | null,
  quantity: number,
  name = `Produit ${variant}`,
  productId: string | null = `p-${variant}`,
): OrderItemView => ({
  id: `item-${variant}-${quantity}`,
  product_id: productId,
  variant_id: variant,
  quantity,
  unit_price_cents: 1000,
  total_price_cents: 1000 * quantity,
  product_snapshot: { name, price_cents: 1000, brand: null, image_url: null, variant_label: variant === "b" ? "50 ml" : null },
});

const quote = (variant: string, stock: number, available = stock > 0): CartProductQuote => ({
  product_id: `p-${variant}`,
  variant_id: variant,
  variant_label: variant === "b" ? "50 ml" : null,
  sku: null,
  name: `Produit ${variant}`,
  brand: null,
  price_cents: 1200,
  image_url: null,
  category_name: null,
  stock_quantity: stock,
  available,
});

describe("Commander à nouveau", () => {
  it("adds the lines still sold, capped at today's stock, and names the others", () => {
    const items = [item("a", 2), item("b", 3), item("c", 1), item("gone", 1), item(null, 1, "Carte cadeau Aurore", null)];
    expect(reorderVariantIds(items)).toEqual(["a", "b", "c", "gone"]);
    const plan = planReorder(items, [quote("a", 10), quote("b", 1), quote("c", 0)]);
    expect(plan.lines.map((l) => [l.quote.variant_id, l.quantity])).toEqual([
      ["a", 2],
      ["b", 1],
    ]);
    expect(plan.unavailable).toEqual(["Produit c", "Produit gone"]);
    expect(plan.limited).toEqual(["Produit b · 50 ml"]);
    expect(reorderMessage(plan)).toBe(
      "3 articles ajoutés à votre panier. Quantité limitée au stock disponible : Produit b · 50 ml. Plus disponible : Produit c, Produit gone.",
    );
  });

  it("says so when nothing can be bought again", () => {
    const plan = planReorder([item("c", 1)], [quote("c", 0)]);
    expect(plan.lines).toEqual([]);
    expect(reorderMessage(plan)).toBe("Aucun article de cette commande n'est disponible aujourd'hui. Plus disponible : Produit c.");
  });
});
