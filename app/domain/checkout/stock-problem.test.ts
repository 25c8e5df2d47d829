import { describe, expect, it } from "vitest";
import { stockProblemMessage, stockProblemOfDetails } from "./stock-problem";

describe("stock problems", () => {
  it("keeps the French sentences the shop has always answered", () => {
    expect(stockProblemMessage({ code: "insufficient", name: "Sérum Éclat · 30 ml", available: 2 })).toBe(
      "Stock insuffisant: Sérum Éclat · 30 ml (disponible : 2)",
    );
    expect(stockProblemMessage({ code: "sold_out", name: "Sérum Éclat" })).toBe("Stock insuffisant: Sérum Éclat n'est plus disponible");
    expect(stockProblemMessage({ code: "item_unavailable" })).toBe(
      "Un article de votre panier n'est plus disponible. Veuillez le retirer de votre panier.",
    );
  });

  it("reads a problem back from an API error's details, and nothing else", () => {
    expect(stockProblemOfDetails({ stock_problem: { code: "insufficient", name: "Sérum", available: 2 } })).toEqual({
      code: "insufficient",
      name: "Sérum",
      available: 2,
    });
    expect(stockProblemOfDetails({ stock_problem: { code: "sold_out", name: "Sérum" } })).toEqual({ code: "sold_out", name: "Sérum" });
    expect(stockProblemOfDetails({ stock_problem: { code: "insufficient", name: "Sérum", available: "2" } })).toBeNull();
    expect(stockProblemOfDetails([{ field: "lines", message: "Quantité invalide" }])).toBeNull();
    expect(stockProblemOfDetails(undefined)).toBeNull();
  });
});
