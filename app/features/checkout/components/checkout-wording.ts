import { useT, useTranslateMessage, type Translate } from "~/components/ui/i18n";
import type { CheckoutQuote } from "~/domain/checkout/checkout-quote.types";
import type { StockProblem } from "~/domain/checkout/stock-problem";
import type { OrderError } from "../checkout-machine";

/**
 * The checkout's refusals in the page's language. A stock problem is worded from its data (product
 * name, quantity left), other refusals by their French text (decision 044).
 */
export function useCheckoutWording() {
  const t = useT();
  const translateMessage = useTranslateMessage();
  return {
    translateMessage,
    errorText: (e: OrderError) => (e.problem ? wordStockProblem(t, e.problem) : translateMessage(e.message)),
    quoteProblemText: (q: CheckoutQuote) =>
      q.stock_problems?.[0] ? wordStockProblem(t, q.stock_problems[0]) : translateMessage(q.problems[0] ?? ""),
  };
}

/** A stock problem in the page's language, with the product's name (product data, as written) and the quantity left. */
function wordStockProblem(t: Translate, problem: StockProblem): string {
  switch (problem.code) {
    case "item_unavailable":
      return t("checkout.message.stockProblem.itemUnavailable");
    case "sold_out":
      return t("checkout.message.stockProblem.soldOut", { name: problem.name });
    case "insufficient":
      return t("checkout.message.stockProblem.insufficient", { name: problem.name, available: problem.available });
  }
}
