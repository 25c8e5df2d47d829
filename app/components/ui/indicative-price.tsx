import { createContext, useContext, type ReactNode } from "react";
import { useT } from "~/components/ui/i18n";
import { convertCents, type IndicativeCurrency } from "~/domain/currency/indicative-price";
import { formatForeignPrice } from "~/lib/money";

/**
 * The currency a signed-in shopper chose (docs/decisions/043-preferences-that-take-effect.md),
 * given by the root loader. Visitors have none: their shared-cached pages show euros only.
 */
const IndicativeCurrencyContext = createContext<IndicativeCurrency>(null);

export function IndicativeCurrencyProvider({ value, children }: { value: IndicativeCurrency; children: ReactNode }) {
  return <IndicativeCurrencyContext.Provider value={value}>{children}</IndicativeCurrencyContext.Provider>;
}

/** "≈ 13,90 CHF" beside a euro amount, or nothing when the shopper reads euros. */
export function IndicativePrice({ cents, className = "" }: { cents: number; className?: string }) {
  const chosen = useContext(IndicativeCurrencyContext);
  const t = useT();
  if (!chosen) return null;
  return (
    <span className={`whitespace-nowrap text-sm font-normal text-muted ${className}`} title={t("common.audit.indicativePrice.title")}>
      ≈ {formatForeignPrice(convertCents(cents, chosen.rate), chosen.currency)}
    </span>
  );
}
