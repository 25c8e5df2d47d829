import * as CHECKOUT_MESSAGES from "~/domain/messages/checkout";

/**
 * A line that cannot be ordered as it is, as data (decision 044): the server keeps answering its
 * French sentence (`message`, the API's and the back office's wording) and adds this, so a page
 * in another language words it with the product's name and the quantity left.
 * Isomorphic and dependency-free: the checkout page imports it.
 */
export type StockProblem =
  /** A line whose product no longer exists. */
  | { code: "item_unavailable" }
  /** Withdrawn from sale or sold out. */
  | { code: "sold_out"; name: string }
  /** Fewer left than asked for. */
  | { code: "insufficient"; name: string; available: number };

export const INSUFFICIENT_STOCK_MESSAGE = CHECKOUT_MESSAGES.notEnoughStock;
export const ITEM_UNAVAILABLE_MESSAGE = "Un article de votre panier n'est plus disponible. Veuillez le retirer de votre panier.";

/** The French sentence of a problem, as the shop has always written it. */
export function stockProblemMessage(problem: StockProblem): string {
  switch (problem.code) {
    case "item_unavailable":
      return ITEM_UNAVAILABLE_MESSAGE;
    case "sold_out":
      return `${INSUFFICIENT_STOCK_MESSAGE}: ${problem.name} n'est plus disponible`;
    case "insufficient":
      return `${INSUFFICIENT_STOCK_MESSAGE}: ${problem.name} (disponible : ${problem.available})`;
  }
}

/** The problem an API error carries in `details.stock_problem` (insufficient_stock), when it is one. */
export function stockProblemOfDetails(details: unknown): StockProblem | null {
  if (!details || typeof details !== "object" || !("stock_problem" in details)) return null;
  const problem = (details as { stock_problem: unknown }).stock_problem;
  if (!problem || typeof problem !== "object" || !("code" in problem)) return null;
  const p = problem as Record<string, unknown>;
  if (p.code === "item_unavailable") return { code: "item_unavailable" };
  if (p.code === "sold_out" && typeof p.name === "string") return { code: "sold_out", name: p.name };
  if (p.code === "insufficient" && typeof p.name === "string" && typeof p.available === "number") {
    return { code: "insufficient", name: p.name, available: p.available };
  }
  return null;
}
