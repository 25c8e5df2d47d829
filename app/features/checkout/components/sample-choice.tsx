import { useId } from "react";
import { useT } from "~/components/ui/i18n";
import type { SampleOffer } from "~/domain/samples/samples";

/**
 * 'Vos échantillons offerts' (docs/decisions/067-samples.md): one checkbox per sample offered,
 * at most the shopper's allowance; optional. Once the allowance is reached the other boxes are
 * disabled and the live count says how to change the choice. The server checks it all again.
 */
export function SampleChoice({
  offer,
  chosen,
  onChange,
}: {
  offer: SampleOffer;
  chosen: readonly string[];
  onChange: (ids: string[]) => void;
}) {
  const t = useT();
  const id = useId();
  if (offer.allowance <= 0) return null;
  const full = chosen.length >= offer.allowance;
  const toggle = (sampleId: string, checked: boolean) =>
    onChange(checked ? [...chosen, sampleId].slice(0, offer.allowance) : chosen.filter((c) => c !== sampleId));

  return (
    <fieldset className="min-w-0 rounded-xl border border-line p-4" aria-describedby={`${id}-hint ${id}-count`}>
      <legend className="px-1 font-semibold">{t("checkout.samples.legend", { count: offer.allowance })}</legend>
      <p id={`${id}-hint`} className="text-sm text-muted">
        {t("checkout.samples.hint")}
      </p>
      {offer.samples.length === 0 ? (
        <p className="mt-3 text-sm">{t("checkout.samples.none")}</p>
      ) : (
        <ul className="mt-3 grid grid-cols-1 gap-2 sm:grid-cols-2">
          {offer.samples.map((s) => {
            const checked = chosen.includes(s.id);
            return (
              <li key={s.id} className="min-w-0">
                <label
                  className={`flex min-h-11 items-start gap-3 rounded-lg border p-3 ${checked ? "border-ink bg-cream" : "border-line"} ${
                    !checked && full ? "opacity-60" : "cursor-pointer"
                  }`}
                >
                  <input
                    type="checkbox"
                    name="sample_ids"
                    value={s.id}
                    checked={checked}
                    disabled={!checked && full}
                    onChange={(event) => toggle(s.id, event.currentTarget.checked)}
                    className="mt-1 h-4 w-4 shrink-0"
                  />
                  <span className="min-w-0 break-words">
                    <span className="block font-medium">{s.name}</span>
                    <span className="block text-sm text-muted">
                      {s.brand}
                      {s.description ? ` · ${s.description}` : ""}
                    </span>
                    <span className="block text-sm">{t("checkout.samples.free")}</span>
                  </span>
                </label>
              </li>
            );
          })}
        </ul>
      )}
      {offer.samples.length > 0 && (
        <p id={`${id}-count`} role="status" aria-live="polite" className="mt-3 text-sm font-medium">
          {full
            ? t("checkout.samples.full", { max: offer.allowance })
            : t("checkout.samples.count", { chosen: chosen.length, max: offer.allowance })}
        </p>
      )}
    </fieldset>
  );
}
