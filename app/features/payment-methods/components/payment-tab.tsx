import { useLanguage, useT, useTranslateMessage, type Translate } from "~/components/ui/i18n";
import { lazy, Suspense, useId, useState } from "react";
import { showToast } from "~/components/ui/toast";
import { CardForm } from "~/features/payment-methods/components/card-form";
import { fetchPaymentMethods, makeDefaultPaymentMethod, removePaymentMethod } from "~/features/payment-methods/payment-method-api";
import {
  MAX_PAYMENT_METHODS,
  cardBrandLabel,
  savedCardTitle,
  sortPaymentMethods,
  type PaymentMethodView,
} from "~/domain/payment-methods/payment-method.schema";
import { FormMessage, dangerButtonClass, primaryButtonClass, secondaryButtonClass } from "~/components/ui/form-parts";
import { Modal } from "~/components/ui/modal";
import { TabHeading } from "~/components/ui/tab-heading";
import * as ACCOUNT_MESSAGES from "~/domain/messages/account";
import { SIMULATED_PAYMENT_FORM, type PaymentFormConfig } from "~/domain/payments/payment-form";

/* Stripe.js and its React wrapper load only with a Stripe configuration, when the add-card dialog opens. */
const StripeCardSetupForm = lazy(() => import("./stripe-card-setup-form"));

/** Spec back-office §8, word for word. */
export const PAYMENT_METHODS_LOAD_ERROR = ACCOUNT_MESSAGES.errorWhileLoadingPaymentMethods;
export const PAYMENT_METHOD_DELETE_ERROR = ACCOUNT_MESSAGES.errorWhileDeleting;
export const PAYMENT_METHOD_SET_DEFAULT_ERROR = ACCOUNT_MESSAGES.errorWhileSettingDefault;

/** `paymentForm`: the shop's own card fields (the demonstration) or Stripe's form (decision 059). */
type TabData = { paymentMethods: PaymentMethodView[] | null; paymentForm?: PaymentFormConfig } | null;

/** "Visa se terminant par 4242", the card's accessible name. */
function cardName(card: PaymentMethodView, t: Translate): string {
  return t("account.payment.cardName", { brand: cardBrandLabel(card.brand), last4: card.last4 });
}

/**
 * Moyens de Paiement (spec back-office §2): saved cards with the default first, an add-card
 * dialog, "Définir par défaut", deletion after confirmation (deleting the default hands it to
 * the newest remaining card). Every change goes through /api/v1/payment-methods. With Stripe the
 * dialog is Stripe's Payment Element (a SetupIntent): no card number is typed in the shop's fields.
 */
export function PaymentTab({ data }: { data: TabData }) {
  const [cards, setCards] = useState<PaymentMethodView[] | null>(data?.paymentMethods ?? null);
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<PaymentMethodView | null>(null);
  const [busyId, setBusyId] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [reloading, setReloading] = useState(false);
  const t = useT();
  const tm = useTranslateMessage();
  const language = useLanguage();
  const paymentForm = data?.paymentForm ?? SIMULATED_PAYMENT_FORM;

  async function reload() {
    setReloading(true);
    const result = await fetchPaymentMethods();
    setReloading(false);
    if (result.ok) {
      setCards(result.data);
      setError(null);
    } else setError(PAYMENT_METHODS_LOAD_ERROR);
  }

  function added(card: PaymentMethodView) {
    setAdding(false);
    setError(null);
    setCards((list) => sortPaymentMethods([...(list ?? []).map((c) => (card.is_default ? { ...c, is_default: false } : c)), card]));
    showToast(t("account.payment.added"));
  }

  async function setDefault(card: PaymentMethodView) {
    setBusyId(card.id);
    setError(null);
    const result = await makeDefaultPaymentMethod(card.id);
    setBusyId(null);
    if (!result.ok) {
      setError(PAYMENT_METHOD_SET_DEFAULT_ERROR);
      return;
    }
    setCards((list) => sortPaymentMethods((list ?? []).map((c) => ({ ...c, is_default: c.id === result.data.id }))));
    showToast(t("account.payment.defaultChanged"));
  }

  async function confirmDelete() {
    if (!deleting) return;
    const target = deleting;
    setBusyId(target.id);
    setError(null);
    const result = await removePaymentMethod(target.id);
    setBusyId(null);
    setDeleting(null);
    if (!result.ok) {
      setError(PAYMENT_METHOD_DELETE_ERROR);
      return;
    }
    const promoted = result.data.new_default_id;
    setCards((list) =>
      sortPaymentMethods(
        (list ?? []).filter((c) => c.id !== target.id).map((c) => (promoted && c.id === promoted ? { ...c, is_default: true } : c)),
      ),
    );
    showToast(t("account.payment.deleted"));
  }

  const full = (cards?.length ?? 0) >= MAX_PAYMENT_METHODS;

  return (
    <div>
      <div className="flex flex-wrap items-center justify-between gap-4">
        <TabHeading>{t("account.tab.payment")}</TabHeading>
        {cards && cards.length > 0 && (
          <button type="button" onClick={() => setAdding(true)} disabled={full} className={primaryButtonClass}>
            {t("account.payment.add")}
          </button>
        )}
      </div>
      {full && <p className="mt-2 text-sm text-muted">{t("account.payment.limit", { max: MAX_PAYMENT_METHODS })}</p>}

      {error && (
        <div className="mt-4">
          <FormMessage tone="error">{tm(error)}</FormMessage>
        </div>
      )}

      {cards === null ? (
        <div className="mt-6 rounded-2xl bg-cream px-6 py-10 text-center">
          {!error && <FormMessage tone="error">{tm(PAYMENT_METHODS_LOAD_ERROR)}</FormMessage>}
          <button type="button" onClick={reload} disabled={reloading} className={`${secondaryButtonClass} mt-4`}>
            {t(reloading ? "account.loading" : "account.retry")}
          </button>
        </div>
      ) : cards.length === 0 ? (
        <div className="mt-6 rounded-2xl bg-cream px-6 py-14 text-center">
          <p className="text-lg font-semibold">{t("account.empty.payment.title")}</p>
          <p className="mt-2 text-muted">{t("account.empty.payment.text")}</p>
          <button type="button" onClick={() => setAdding(true)} className={`${primaryButtonClass} mt-6`}>
            {t("account.payment.add")}
          </button>
        </div>
      ) : (
        <ul className="mt-6 grid gap-4 sm:grid-cols-2" aria-label={t("account.payment.saved")}>
          {cards.map((card) => (
            <CardItem
              key={card.id}
              card={card}
              busy={busyId === card.id}
              onDelete={() => setDeleting(card)}
              onSetDefault={() => setDefault(card)}
            />
          ))}
        </ul>
      )}

      {adding && (
        <Modal title={t("account.payment.add")} onClose={() => setAdding(false)}>
          {paymentForm.provider === "stripe" ? (
            <Suspense
              fallback={
                <p role="status" className="text-sm text-muted">
                  {t("account.cardForm.stripeLoading")}
                </p>
              }
            >
              <StripeCardSetupForm
                publishableKey={paymentForm.publishableKey}
                language={language}
                showDefaultToggle={(cards?.length ?? 0) > 0}
                onSaved={added}
                onCancel={() => setAdding(false)}
              />
            </Suspense>
          ) : (
            <CardForm showDefaultToggle={(cards?.length ?? 0) > 0} onSaved={added} onCancel={() => setAdding(false)} />
          )}
        </Modal>
      )}

      {deleting && (
        <Modal title={t("account.payment.deleteTitle")} onClose={() => setDeleting(null)}>
          <p>{t("account.payment.deleteQuestion")}</p>
          <p className="mt-2 text-sm text-muted">
            {cardName(deleting, t)} ({deleting.holder})
          </p>
          {deleting.is_default && (cards?.length ?? 0) > 1 && (
            <p className="mt-2 text-sm text-muted">{t("account.payment.newestBecomesDefault")}</p>
          )}
          <div className="mt-6 flex flex-wrap justify-end gap-3">
            <button type="button" onClick={() => setDeleting(null)} className={secondaryButtonClass} data-autofocus>
              {t("account.cancel")}
            </button>
            <button type="button" onClick={confirmDelete} disabled={busyId === deleting.id} className={dangerButtonClass}>
              {t(busyId === deleting.id ? "account.personalData.deleting" : "account.addresses.delete")}
            </button>
          </div>
        </Modal>
      )}
    </div>
  );
}

function CardItem({
  card,
  busy,
  onDelete,
  onSetDefault,
}: {
  card: PaymentMethodView;
  busy: boolean;
  onDelete: () => void;
  onSetDefault: () => void;
}) {
  const titleId = useId();
  const t = useT();
  const name = cardName(card, t);
  // Recorded before cards were kept by the provider: it cannot pay until it is added again.
  const untokenized = !card.usable && !card.expired;
  return (
    <li aria-labelledby={titleId} className={`flex flex-col rounded-2xl border-2 p-5 ${card.is_default ? "border-accent" : "border-line"}`}>
      <div className="flex flex-wrap items-center gap-2">
        <h3 id={titleId} className="font-semibold">
          <span aria-hidden="true">{savedCardTitle(card)}</span>
          <span className="sr-only">{name}</span>
        </h3>
        {card.is_default && (
          <span className="rounded-full bg-accent-soft px-2 py-0.5 text-xs font-semibold text-accent-dark">
            {t("account.addresses.default")}
          </span>
        )}
        {card.expired && (
          <span className="rounded-full bg-red-50 px-2 py-0.5 text-xs font-semibold text-danger">{t("account.payment.expired")}</span>
        )}
        {untokenized && (
          <span className="rounded-full bg-band px-2 py-0.5 text-xs font-semibold text-ink">{t("account.payment.addAgain")}</span>
        )}
      </div>
      <dl className="mt-2 text-sm text-muted">
        <div className="flex flex-wrap gap-1">
          <dt>{t("account.payment.holder")}</dt>
          <dd className="break-words text-ink">{card.holder}</dd>
        </div>
      </dl>
      {card.expiry && (
        <p className="mt-1 text-sm text-ink">
          {t(card.expired ? "account.payment.expiredSince" : "account.payment.expires", { expiry: card.expiry })}
        </p>
      )}
      {untokenized && <p className="mt-2 text-sm text-muted">{t("account.payment.untokenized")}</p>}
      <div className="mt-4 flex flex-wrap gap-2">
        {!card.is_default && (
          <button
            type="button"
            onClick={onSetDefault}
            disabled={busy}
            aria-label={t("account.payment.setDefaultLabel", { name })}
            className={secondaryButtonClass}
          >
            {t("account.addresses.setDefault")}
          </button>
        )}
        <button
          type="button"
          onClick={onDelete}
          disabled={busy}
          aria-label={t("account.addresses.deleteLabel", { title: name })}
          className={secondaryButtonClass}
        >
          {t("account.addresses.delete")}
        </button>
      </div>
    </li>
  );
}
