import { formatRating } from "~/lib/money";
import { StarHalfIcon, StarIcon } from "./icons";
import { useLanguage, useT } from "./i18n";
import { LANGUAGE_LOCALES } from "~/domain/i18n/languages";

export type StarsSize = "sm" | "md" | "lg";

export type StarsProps = {
  /** The product's real rating from 0 to 5 (one decimal), never a placeholder (docs/decisions/001-stack-and-shape.md). */
  rating: number;
  /** When given, "· {n} avis" follows the rating. */
  reviewCount?: number;
  size?: StarsSize;
  className?: string;
};

const ICON_SIZE: Record<StarsSize, string> = { sm: "h-3.5 w-3.5", md: "h-4 w-4", lg: "h-5 w-5" };
const TEXT_SIZE: Record<StarsSize, string> = { sm: "text-xs", md: "text-sm", lg: "text-base" };

/** 0..5 rounded to the nearest half star, e.g. 4.3 -> 4.5, 4.2 -> 4. */
export function toHalfStars(rating: number): number {
  const bounded = Number.isFinite(rating) ? Math.min(5, Math.max(0, rating)) : 0;
  return Math.round(bounded * 2) / 2;
}

/** Five stars filled to the rating, with the rating as text for every reader. */
export function Stars({ rating, reviewCount, size = "sm", className = "" }: StarsProps) {
  const bounded = Number.isFinite(rating) ? Math.min(5, Math.max(0, rating)) : 0;
  const halves = toHalfStars(bounded);
  const language = useLanguage();
  const t = useT();
  const label = language === "fr" ? formatRating(bounded) : bounded.toFixed(1);
  const iconClass = ICON_SIZE[size];

  return (
    <div className={`flex flex-wrap items-center gap-x-1 ${TEXT_SIZE[size]} text-muted ${className}`}>
      <span className="flex text-gold" aria-hidden="true">
        {[1, 2, 3, 4, 5].map((position) =>
          halves >= position ? (
            <StarIcon key={position} className={iconClass} />
          ) : halves >= position - 0.5 ? (
            <StarHalfIcon key={position} className={iconClass} />
          ) : (
            <StarIcon key={position} outline className={iconClass} />
          ),
        )}
      </span>
      <span className="sr-only">{t("common.stars.rating", { rating: label })}</span>
      <span aria-hidden="true">({label})</span>
      {reviewCount !== undefined && (
        <span>
          <span aria-hidden="true">· </span>
          {t("common.stars.reviewCount", {
            count: reviewCount,
            formatted: new Intl.NumberFormat(LANGUAGE_LOCALES[language]).format(reviewCount),
          })}
        </span>
      )}
    </div>
  );
}
