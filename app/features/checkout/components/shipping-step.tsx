import { useId, type Dispatch, type FormEvent, type ReactNode, type RefObject } from "react";
import { Link } from "react-router";
import type { SavedAddressView } from "~/domain/addresses/address.schema";
import { AddressSelector } from "~/features/addresses/public/address-selector";
import { primaryButtonClass, secondaryButtonClass } from "~/components/ui/form-parts";
import { useT } from "~/components/ui/i18n";
import { STOCK_HINT, type BusinessInvoiceErrors, type CheckoutEvent, type CheckoutForm, type OrderError } from "../checkout-machine";
import type { CheckoutQuoteState } from "../use-checkout-quote";
import { CheckoutErrorBox } from "./checkout-steps";
import type { CheckoutAccount, CheckoutLogger, ContactErrors } from "./checkout-types";
import { useCheckoutWording } from "./checkout-wording";
import { BusinessInvoiceChoiceFields } from "./business-invoice-choice";
import { ContactInfoFields } from "./contact-info-fields";
import { DeliveryMethodPicker } from "./delivery-method-picker";
import { GiftOptionsFields } from "./gift-options";
import { OrderSummary } from "./order-summary";

/** Step 1 Livraison: contact, delivery address and method, with the cart's summary aside. */
export function ShippingStep({
  account,
  form,
  contactErrors,
  businessErrors,
  error,
  quote: { quote, loading, result },
  hasLines,
  addresses,
  onAddressesChange,
  onSelectAddress,
  onContinue,
  dispatch,
  log,
  onLog,
  promoField,
  headingRef,
}: {
  account: CheckoutAccount;
  form: CheckoutForm;
  contactErrors: ContactErrors;
  businessErrors: BusinessInvoiceErrors;
  error: OrderError | null;
  quote: CheckoutQuoteState;
  /** Products to deliver (not only gift cards): the delivery method is chosen. */
  hasLines: boolean;
  addresses: SavedAddressView[] | null;
  onAddressesChange: (addresses: SavedAddressView[] | null) => void;
  onSelectAddress: (address: SavedAddressView | null) => void;
  onContinue: (event: FormEvent<HTMLFormElement>) => void;
  dispatch: Dispatch<CheckoutEvent>;
  log: (line: string) => void;
  onLog?: CheckoutLogger;
  promoField: ReactNode;
  headingRef: RefObject<HTMLHeadingElement | null>;
}) {
  const t = useT();
  const { translateMessage, errorText, quoteProblemText } = useCheckoutWording();
  const shippingFormId = useId();
  const { contact, address, deliveryMethod, relayPoint } = form;
  return (
    <div className="mt-8 grid grid-cols-1 gap-8 lg:grid-cols-[minmax(0,1fr)_22rem]">
      <div className="space-y-8">
        <h2 id="checkout-shipping-title" ref={headingRef} tabIndex={-1} className="font-display text-2xl outline-none">
          {t("checkout.shipping.title")}
        </h2>
        {/* The address selector stays outside this form: its own dialog holds the address form. */}
        <form id={shippingFormId} noValidate onSubmit={onContinue} aria-labelledby="checkout-shipping-title">
          <ContactInfoFields
            values={contact}
            errors={contactErrors}
            onChange={(field, value) => dispatch({ type: "contactEdited", field, value })}
          />
          <BusinessInvoiceChoiceFields
            choice={form.business}
            errors={businessErrors}
            prefilled={account.businessInvoice !== null}
            addresses={addresses ?? []}
            onToggle={(requested) => dispatch({ type: "businessInvoiceToggled", requested })}
            onChange={(field, value) => dispatch({ type: "businessInvoiceEdited", field, value })}
            onBillingAddressChange={(addressId) => dispatch({ type: "billingAddressChosen", addressId })}
          />
        </form>
        <AddressSelector
          initialAddresses={addresses}
          onAddressesChange={onAddressesChange}
          selectedId={address?.id ?? null}
          onSelect={onSelectAddress}
          prefill={{ first_name: account.firstName, last_name: account.lastName, phone: contact.phone || account.phone }}
          onLog={onLog}
        />
        {hasLines && (
          <DeliveryMethodPicker
            options={address ? (quote?.delivery_options ?? []) : []}
            method={deliveryMethod}
            onMethodChange={(next) => {
              dispatch({ type: "deliveryMethodChosen", method: next });
              log(`Mode de livraison : ${next}`);
            }}
            relayPoint={relayPoint}
            onRelayPointChange={(point) => {
              dispatch({ type: "relayPointChosen", point });
              if (point) log(`Point relais : ${point.id}`);
            }}
            postalCode={address && address.country === "France" ? address.postal_code : null}
            loading={loading}
            error={address && quote?.delivery_error && !(deliveryMethod === "relay" && !relayPoint) ? quote.delivery_error : null}
          />
        )}
        {hasLines && (
          <GiftOptionsFields
            value={form.gift}
            gift={quote?.gift ?? null}
            onChange={(gift) => dispatch({ type: "giftOptionsEdited", gift })}
          />
        )}
        {error && <CheckoutErrorBox message={errorText(error)} hint={error.hint && translateMessage(error.hint)} />}
        <div className="flex flex-wrap justify-between gap-3">
          <Link to="/products" className={secondaryButtonClass}>
            {t("checkout.continueShopping")}
          </Link>
          <button type="submit" form={shippingFormId} className={primaryButtonClass}>
            {t("checkout.shipping.toPayment")}
          </button>
        </div>
      </div>
      <aside aria-label={t("checkout.shipping.cartLabel")}>
        <OrderSummary quote={quote} loading={loading} promoField={promoField} />
        {result && !result.ok && (
          <div className="mt-4">
            <CheckoutErrorBox message={translateMessage(result.message)} />
          </div>
        )}
        {quote && quote.problems.length > 0 && (
          <div className="mt-4">
            <CheckoutErrorBox message={quoteProblemText(quote)} hint={translateMessage(STOCK_HINT)} />
          </div>
        )}
        {quote?.shipping_notices.map((notice) => (
          <p key={notice} role="note" className="mt-4 rounded-xl border border-line bg-cream p-4 text-sm">
            {translateMessage(notice)}
          </p>
        ))}
      </aside>
    </div>
  );
}
