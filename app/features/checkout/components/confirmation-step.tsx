import type { RefObject } from "react";
import { Link } from "react-router";
import { primaryButtonClass, secondaryButtonClass } from "~/components/ui/form-parts";
import { T, useT } from "~/components/ui/i18n";
import type { OrderView } from "~/domain/orders/order.types";
import { CheckoutSteps } from "./checkout-steps";
import { OrderConfirmation } from "./order-confirmation";

/** Step 3 Confirmation: the order just placed, and where to go next. */
export function ConfirmationStep({
  order,
  contactEmail,
  headingRef,
}: {
  order: OrderView;
  /** The e-mail typed, when the order does not carry one. */
  contactEmail: string;
  headingRef: RefObject<HTMLHeadingElement | null>;
}) {
  const t = useT();
  return (
    <div className="mx-auto max-w-2xl px-4 py-10 sm:px-6">
      <CheckoutSteps current="confirmation" />
      <div className="mt-8 rounded-2xl border border-line bg-cream p-6 sm:p-8">
        <h1 ref={headingRef} tabIndex={-1} className="text-center font-display text-3xl outline-none">
          {t("checkout.confirmation.title")}
        </h1>
        <p className="mt-4 text-center">
          <T
            k="checkout.confirmation.text"
            values={{ number: order.number, email: order.metadata.customer_info?.email ?? contactEmail }}
            components={{ 0: <strong />, 1: <span className="break-words" /> }}
          />
        </p>
        <OrderConfirmation order={order} />
        <div className="mt-6 flex flex-wrap justify-center gap-3">
          <Link to="/dashboard?tab=orders" className={primaryButtonClass}>
            {t("checkout.confirmation.viewOrder")}
          </Link>
          <Link to="/products" className={secondaryButtonClass}>
            {t("checkout.continueShopping")}
          </Link>
        </div>
      </div>
    </div>
  );
}
