import { formatCount, formatRating } from "~/lib/money";
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

/** The five stars' row: each star is the size an icon of that size was (h-3.5 = 0.875rem each). */
const ROW_SIZE: Record<StarsSize, string> = { sm: "h-3.5 w-[4.375rem]", md: "h-4 w-20", lg: "h-5 w-[6.25rem]" };
const TEXT_SIZE: Record<StarsSize, string> = { sm: "text-xs", md: "text-sm", lg: "text-base" };

/** 0..5 rounded to the nearest half star, e.g. 4.3 -> 4.5, 4.2 -> 4. */
export function toHalfStars(rating: number): number {
  const bounded = Number.isFinite(rating) ? Math.min(5, Math.max(0, rating)) : 0;
  return Math.round(bounded * 2) / 2;
}

/** A star 24 units wide, drawn `x` units to the right. */
const star = (x: number) => `M${12 + x} 2.8l2.8 5.8 6.3.9-4.6 4.4 1.1 6.3L${12 + x} 17.2l-5.6 3 1.1-6.3-4.6-4.4 6.3-.9L${12 + x} 2.8Z`;
const leftHalf = (x: number) => `M${12 + x} 2.8v14.4l-5.6 3 1.1-6.3-4.6-4.4 6.3-.9L${12 + x} 2.8Z`;

/**
 * The row as one SVG of at most three paths (filled stars, outlined stars, a half star's filled
 * half) rather than five icons: a product page shows a rating per related product and per
 * review, and five SVGs each made the stars about a fifth of the page's HTML.
 */
function StarRow({ halves, className }: { halves: number; className: string }) {
  const full: string[] = [];
  const outline: string[] = [];
  let half = "";
  for (let position = 1; position <= 5; position++) {
    const x = (position - 1) * 24;
    if (halves >= position) full.push(star(x));
    else {
      outline.push(star(x));
      if (halves >= position - 0.5) half = leftHalf(x);
    }
  }
  return (
    <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 120 24" className={className} aria-hidden="true" focusable="false">
      {full.length > 0 && <path d={full.join("")} fill="currentColor" />}
      {outline.length > 0 && (
        <path d={outline.join("")} fill="none" stroke="currentColor" strokeWidth={1.75} strokeLinecap="round" strokeLinejoin="round" />
      )}
      {half && <path d={half} fill="currentColor" />}
    </svg>
  );
}

/** Five stars filled to the rating, with the rating as text for every reader. */
export function Stars({ rating, reviewCount, size = "sm", className = "" }: StarsProps) {
  const bounded = Number.isFinite(rating) ? Math.min(5, Math.max(0, rating)) : 0;
  const halves = toHalfStars(bounded);
  const language = useLanguage();
  const t = useT();
  const label = language === "fr" ? formatRating(bounded) : bounded.toFixed(1);

  return (
    <div className={`flex flex-wrap items-center gap-x-1 ${TEXT_SIZE[size]} text-muted ${className}`}>
      <span className="flex text-gold" aria-hidden="true">
        <StarRow halves={halves} className={ROW_SIZE[size]} />
      </span>
      <span className="sr-only">{t("common.stars.rating", { rating: label })}</span>
      <span aria-hidden="true">({label})</span>
      {reviewCount !== undefined && (
        <span>
          <span aria-hidden="true">· </span>
          {t("common.stars.reviewCount", {
            count: reviewCount,
            formatted: formatCount(reviewCount, LANGUAGE_LOCALES[language]),
          })}
        </span>
      )}
    </div>
  );
}
