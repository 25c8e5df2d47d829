import { useId, useState } from "react";
import { Link } from "react-router";
import { addQuotedLines } from "~/features/cart/public/cart-store";
import { buttonClass } from "~/components/ui/button";
import { inputClass } from "~/components/ui/form-parts";
import type { SavedAddressView } from "~/domain/addresses/address.schema";
import type { CartProductQuote } from "~/domain/cart/cart.types";
import type { OrderView } from "~/domain/orders/order.types";
import { planReorder, reorderVariantIds, type ReorderPlan } from "~/domain/orders/reorder";
import { useT, useTranslateMessage, type Translate } from "~/components/ui/i18n";
import * as ACCOUNT_MESSAGES from "~/domain/messages/account";
import * as CHECKOUT_MESSAGES from "~/domain/messages/checkout";
import { callJsonApi, type JsonApiFailure } from "~/lib/json-api";

const FAILED_MESSAGE = ACCOUNT_MESSAGES.somethingWentWrongTryAgain;

/** A refusal's French message, or the generic one when the API gave none (network, no JSON). */
const refusalMessage = (answer: JsonApiFailure) => answer.message || FAILED_MESSAGE;

/** The summary shown after 'Commander à nouveau', in the page's language (the domain's reorderMessage, translated). */
function reorderSummary(plan: ReorderPlan, t: Translate): string {
  const added = plan.lines.reduce((sum, l) => sum + l.quantity, 0);
  const parts = [added === 0 ? t("account.reorder.noneAvailable") : t("account.reorder.added", { count: added })];
  if (plan.limited.length > 0) parts.push(t("account.reorder.limited", { names: plan.limited.join(", ") }));
  if (plan.unavailable.length > 0) parts.push(t("account.reorder.unavailable", { names: plan.unavailable.join(", ") }));
  return parts.join(" ");
}

/**
 * 'Commander à nouveau': the order's lines still sold go back into the cart at today's price,
 * capped at today's stock; the message names what could not be added.
 */
export function ReorderButton({ order }: { order: OrderView }) {
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ text: string; added: boolean } | null>(null);
  const t = useT();
  const tm = useTranslateMessage();
  const ids = reorderVariantIds(order.items);
  if (ids.length === 0) return null;

  async function reorder() {
    setBusy(true);
    setMessage(null);
    const answer = await callJsonApi<{ products?: CartProductQuote[] }>(`/api/v1/cart?variants=${ids.map(encodeURIComponent).join(",")}`);
    setBusy(false);
    if (!answer.ok) {
      setMessage({ text: tm(refusalMessage(answer)), added: false });
      return;
    }
    const plan = planReorder(order.items, answer.data?.products ?? []);
    addQuotedLines(plan.lines);
    setMessage({ text: reorderSummary(plan, t), added: plan.lines.length > 0 });
  }

  return (
    <div className="mt-6">
      <button
        type="button"
        onClick={reorder}
        disabled={busy}
        aria-busy={busy || undefined}
        className={buttonClass({ className: "text-sm" })}
      >
        {t(busy ? "account.reorder.adding" : "account.reorder.button")}
      </button>
      <p role="status" className="mt-2 text-sm empty:hidden">
        {message?.text ?? ""}
        {message?.added && (
          <>
            {" "}
            <Link to="/checkout" className="font-semibold text-accent underline underline-offset-4">
              {t("account.reorder.checkout")}
            </Link>
          </>
        )}
      </p>
    </div>
  );
}

/**
 * 'Modifier l'adresse de livraison' while the order may still change (pending, within the hour,
 * not to a relay point): one of the shopper's saved addresses, checked again by the server.
 */
export function ChangeOrderAddress({ order, onChanged }: { order: OrderView; onChanged: (order: OrderView) => void }) {
  const selectId = useId();
  const [addresses, setAddresses] = useState<SavedAddressView[] | null>(null);
  const [open, setOpen] = useState(false);
  const [choice, setChoice] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const t = useT();
  const tm = useTranslateMessage();
  if (!order.cancellable || order.delivery_method === "relay") return null;

  async function start() {
    setOpen(true);
    setError(null);
    if (addresses) return;
    const answer = await callJsonApi<SavedAddressView[]>("/api/v1/addresses");
    if (!answer.ok) {
      setError(refusalMessage(answer));
      return;
    }
    setAddresses(answer.data ?? []);
  }

  async function save() {
    if (!choice) {
      setError(CHECKOUT_MESSAGES.selectValidDeliveryAddress);
      return;
    }
    setBusy(true);
    setError(null);
    const answer = await callJsonApi<OrderView>(`/api/v1/orders/${encodeURIComponent(order.id)}/shipping-address`, {
      method: "PUT",
      body: { address_id: choice },
    });
    setBusy(false);
    if (!answer.ok || !answer.data) {
      setError(answer.ok ? FAILED_MESSAGE : refusalMessage(answer));
      return;
    }
    setOpen(false);
    onChanged(answer.data);
  }

  return (
    <div className="mt-6">
      {!open ? (
        <button type="button" onClick={start} className={buttonClass({ className: "text-sm" })}>
          {t("account.changeAddress.button")}
        </button>
      ) : (
        <div className="space-y-3 rounded-xl border border-line p-4">
          {addresses === null && !error ? (
            <p role="status" className="text-sm text-muted">
              {t("account.changeAddress.loading")}
            </p>
          ) : addresses && addresses.length === 0 ? (
            <p className="text-sm text-muted">{t("account.changeAddress.none")}</p>
          ) : addresses ? (
            <label htmlFor={selectId} className="block text-sm font-medium">
              {t("account.changeAddress.new")}
              <select id={selectId} value={choice} onChange={(e) => setChoice(e.target.value)} className={`${inputClass} w-full`}>
                <option value="">{t("account.changeAddress.choose")}</option>
                {addresses.map((a) => (
                  <option key={a.id} value={a.id}>
                    {[a.label, `${a.first_name} ${a.last_name}`, a.address_line_1, `${a.postal_code} ${a.city}`].filter(Boolean).join(", ")}
                  </option>
                ))}
              </select>
            </label>
          ) : null}
          <p role="alert" className="text-sm font-medium text-danger empty:hidden">
            {error ? tm(error) : ""}
          </p>
          <div className="flex flex-wrap gap-3">
            <button
              type="button"
              onClick={save}
              disabled={busy || !addresses?.length}
              className={buttonClass({ variant: "ink", className: "text-sm" })}
            >
              {t(busy ? "account.saving" : "account.changeAddress.save")}
            </button>
            <button type="button" onClick={() => setOpen(false)} className={buttonClass({ className: "text-sm" })}>
              {t("account.cancel")}
            </button>
          </div>
        </div>
      )}
    </div>
  );
}
