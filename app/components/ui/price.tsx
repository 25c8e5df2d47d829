import { discountPercent, formatPrice } from "~/lib/money";
import { useT } from "./i18n";
import { IndicativePrice } from "./indicative-price";

export type PriceProps = {
  cents: number;
  /** Price before the discount; shown crossed out only when it is above `cents`. */
  originalCents?: number | null;
  size?: "sm" | "md" | "lg";
  className?: string;
  /**
   * Lowest price of the 30 days before the current price (French rule on announced reductions):
   * shown under a crossed-out price.
   */
  lowestCents?: number | null;
};

const PRICE_SIZE = { sm: "text-base", md: "text-lg", lg: "text-2xl" } as const;

/** Price in euros (fr-FR), with the crossed-out original price and a rounded discount badge. */
export function Price({ cents, originalCents, size = "md", className = "", lowestCents }: PriceProps) {
  const percent = discountPercent(cents, originalCents);
  const discounted = percent !== null && originalCents != null;
  const t = useT();

  return (
    <div className={`flex flex-wrap items-baseline gap-x-2 gap-y-1 ${className}`}>
      <span className={`${PRICE_SIZE[size]} font-semibold ${discounted ? "text-accent" : "text-ink"}`}>{formatPrice(cents)}</span>
      <IndicativePrice cents={cents} />
      {discounted && (
        <>
          <s className="text-sm text-muted">
            <span className="sr-only">{t("common.price.original")}</span>
            {formatPrice(originalCents)}
          </s>
          <span className="self-center rounded-full bg-accent px-2 py-0.5 text-xs font-bold text-white">{`-${percent}%`}</span>
          {lowestCents != null && (
            <span className="basis-full text-xs text-muted">{t("common.price.lowest30d", { price: formatPrice(lowestCents) })}</span>
          )}
        </>
      )}
    </div>
  );
}
