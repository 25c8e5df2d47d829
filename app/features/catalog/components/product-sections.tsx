import { useT } from "~/components/ui/i18n";
/**
 * "Ingrédients" (the INCI list as printed on the pack) and "Conseils d'utilisation", each shown
 * only when the product has it. Native details/summary: keyboard and screen readers for free.
 */
export function ProductSections({ ingredients, usageTips }: { ingredients: string | null; usageTips: string | null }) {
  const t = useT();
  const sections = [
    { title: t("shop.product.usageTips"), text: usageTips?.trim() },
    { title: t("shop.product.ingredients"), text: ingredients?.trim() },
  ].filter((s): s is { title: string; text: string } => Boolean(s.text));
  if (sections.length === 0) return null;
  return (
    <div className="mt-8 divide-y divide-line border-y border-line">
      {sections.map((s) => (
        <details key={s.title} className="group py-4">
          <summary className="flex min-h-11 cursor-pointer list-none items-center justify-between gap-4 font-semibold [&::-webkit-details-marker]:hidden">
            <span className="text-base">{s.title}</span>
            <span aria-hidden="true" className="text-xl transition-transform group-open:rotate-45">
              +
            </span>
          </summary>
          <p className="mt-2 whitespace-pre-line text-sm leading-relaxed text-ink">{s.text}</p>
        </details>
      ))}
    </div>
  );
}
