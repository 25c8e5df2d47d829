import { useT } from "~/components/ui/i18n";

/**
 * The demonstration shop says so once, at the top of every storefront page (decision 060), rather
 * than in words scattered through its pages. A live shop has no banner.
 */
export function DemoBanner() {
  const t = useT();
  return (
    <p role="note" className="bg-ink px-4 py-1.5 text-center text-xs text-white">
      {t("common.demoBanner")}
    </p>
  );
}
