import { useEffect, useEffectEvent, type Dispatch } from "react";
import { clearCart } from "~/features/cart/public/cart-store";
import { formatPrice } from "~/lib/money";
import { readOrderAnswer, type CheckoutEvent, type OrderApiBody, type OrderOutcome, type Submission } from "./checkout-machine";

const JSON_HEADERS = { "Content-Type": "application/json", Accept: "application/json" };

/**
 * Sends what the machine's submission waits for: the order when it is `placing`, the 3-D Secure
 * answer when one is chosen in the dialog. Each answer goes back to the machine as an event; the
 * requests live in effects so that the reducer stays pure and a second click meets a machine
 * already `placing`.
 */
export function useOrderRequests(submission: Submission, dispatch: Dispatch<CheckoutEvent>, log: (line: string) => void) {
  const placing = submission.status === "placing" ? submission.request : null;
  const answering = submission.status === "authenticating" && submission.answer !== null ? submission : null;

  const settle = useEffectEvent((outcome: OrderOutcome) => {
    dispatch({ type: "orderAnswered", outcome });
    if (outcome.kind === "placed") {
      clearCart();
      log(`Commande ${outcome.order.number} créée (${formatPrice(outcome.order.total_cents)})`);
    } else if (outcome.kind === "authenticate") {
      log("Authentification 3-D Secure demandée");
    } else {
      log(`Commande refusée (${outcome.status} ${outcome.code}) : ${outcome.message}`);
    }
  });

  const sendOrder = useEffectEvent(async (key: string, body: string) => {
    log(`Envoi de la commande (clé ${key.slice(0, 8)}...)`);
    let response: Response;
    try {
      response = await fetch("/api/v1/orders", {
        method: "POST",
        credentials: "same-origin",
        headers: { ...JSON_HEADERS, "Idempotency-Key": key },
        body,
      });
    } catch {
      dispatch({ type: "orderNetworkFailed" });
      log("Échec réseau lors de la commande");
      return;
    }
    const payload = (await response.json().catch(() => null)) as OrderApiBody | null;
    settle(readOrderAnswer(response.status, payload, true));
  });

  const sendAnswer = useEffectEvent(async (authenticationId: string, result: string) => {
    log(`Authentification 3-D Secure : ${result}`);
    let response: Response;
    try {
      response = await fetch(`/api/v1/payment-authentications/${encodeURIComponent(authenticationId)}`, {
        method: "POST",
        credentials: "same-origin",
        headers: JSON_HEADERS,
        body: JSON.stringify({ result }),
      });
    } catch {
      dispatch({ type: "authenticationNetworkFailed" });
      return;
    }
    const payload = (await response.json().catch(() => null)) as OrderApiBody | null;
    settle(readOrderAnswer(response.status, payload, false));
  });

  // Once per request: `placing` and `answering` are new objects only when the machine enters those states.
  useEffect(() => {
    if (placing) void sendOrder(placing.key, placing.body);
  }, [placing]);

  useEffect(() => {
    if (answering?.answer) void sendAnswer(answering.challenge.authenticationId, answering.answer);
  }, [answering]);
}
