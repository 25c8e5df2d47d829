import type { OrderVatView } from "~/domain/tax/order-tax";
import { useT } from "~/components/ui/i18n";

const NOTICE_KEYS = {
  duties_recipient: "account.orderDetail.vat.dutiesRecipient",
  duties_paid: "account.orderDetail.vat.dutiesPaid",
  reverse_charge: "account.orderDetail.vat.reverseCharge",
  destination_vat: "account.orderDetail.vat.destinationVat",
} as const;

/**
 * What an order's details say of its VAT (decision 063), under its total: the prices were
 * without French VAT, who pays duties, reverse charge or the destination's VAT. Nothing for an
 * order under French VAT, or placed before.
 */
export function VatNotice({ vat }: { vat: OrderVatView | null | undefined }) {
  const t = useT();
  if (!vat || (vat.prices_include_french_vat && !vat.notice)) return null;
  return (
    <p className="mt-2 text-sm text-muted" data-testid="vat-notice">
      {!vat.prices_include_french_vat && <span className="block">{t("account.orderDetail.vat.withoutFrenchVat")}</span>}
      {vat.notice && <span className="block">{t(NOTICE_KEYS[vat.notice])}</span>}
    </p>
  );
}
