import { useId, useRef, type KeyboardEvent, type ReactNode } from "react";
import { useT } from "~/components/ui/i18n";
import type { ProductVariantView } from "~/domain/catalog/catalog.types";
import { variantAxes, variantWith } from "~/domain/catalog/variant-choice";

type Choice = {
  key: string;
  /** The accessible name ("Beige 03 (épuisé)"). */
  name: string;
  checked: boolean;
  soldOut: boolean;
  target: ProductVariantView;
};

/**
 * A WAI-ARIA radio group with a roving tab stop: Tab enters on the checked option, the arrow
 * keys (and Home, End) move and choose. A sold-out option stays in the group, marked
 * aria-disabled and "épuisé" in its name: choosing it shows its page and the restock alert form,
 * never an add-to-cart.
 */
function RadioOptions({
  label,
  choices,
  onChoose,
  renderOption,
  className,
}: {
  label: ReactNode;
  choices: Choice[];
  onChoose: (variant: ProductVariantView) => void;
  renderOption: (choice: Choice) => ReactNode;
  className: string;
}) {
  const labelId = useId();
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const checkedIndex = Math.max(
    choices.findIndex((c) => c.checked),
    0,
  );

  const move = (from: number, event: KeyboardEvent) => {
    const last = choices.length - 1;
    const to =
      event.key === "ArrowRight" || event.key === "ArrowDown"
        ? from === last
          ? 0
          : from + 1
        : event.key === "ArrowLeft" || event.key === "ArrowUp"
          ? from === 0
            ? last
            : from - 1
          : event.key === "Home"
            ? 0
            : event.key === "End"
              ? last
              : null;
    if (to === null) return;
    event.preventDefault();
    refs.current[to]?.focus();
    onChoose(choices[to].target);
  };

  return (
    <div className="mt-5">
      <p id={labelId} className="text-sm font-semibold">
        {label}
      </p>
      <div role="radiogroup" aria-labelledby={labelId} className={`mt-2 flex flex-wrap gap-2 ${className}`}>
        {choices.map((choice, i) => (
          <button
            key={choice.key}
            ref={(el) => {
              refs.current[i] = el;
            }}
            type="button"
            role="radio"
            aria-checked={choice.checked}
            aria-disabled={choice.soldOut || undefined}
            aria-label={choice.name}
            tabIndex={i === checkedIndex ? 0 : -1}
            onClick={() => onChoose(choice.target)}
            onKeyDown={(e) => move(i, e)}
          >
            {renderOption(choice)}
          </button>
        ))}
      </div>
    </div>
  );
}

/**
 * The size buttons and the shade swatches of a product with several variants (nothing for one).
 * A product whose variants differ by neither size nor shade gets one group of its labels.
 */
export function VariantSelector({
  variants,
  current,
  onChoose,
}: {
  variants: ProductVariantView[];
  current: ProductVariantView;
  onChoose: (variant: ProductVariantView) => void;
}) {
  const t = useT();
  if (variants.length < 2) return null;
  const soldOutName = (name: string, soldOut: boolean) => (soldOut ? t("shop.product.soldOutOption", { name }) : name);
  const { sizes, shades } = variantAxes(variants);
  const sizeChoices: Choice[] = sizes.flatMap((size) => {
    const target = variantWith(variants, current, { size });
    if (!target) return [];
    const soldOut = !target.in_stock;
    return [{ key: size, name: soldOutName(size, soldOut), checked: current.options.size === size, soldOut, target }];
  });
  const shadeChoices: Choice[] = shades.flatMap((shade) => {
    const target = variantWith(variants, current, { shade: shade.name });
    if (!target) return [];
    const soldOut = !target.in_stock;
    return [{ key: shade.name, name: soldOutName(shade.name, soldOut), checked: current.options.shade === shade.name, soldOut, target }];
  });
  const labelChoices: Choice[] =
    sizes.length < 2 && shades.length < 2
      ? variants.map((v) => ({
          key: v.id,
          name: soldOutName(v.label, !v.in_stock),
          checked: v.id === current.id,
          soldOut: !v.in_stock,
          target: v,
        }))
      : [];
  const hexOf = new Map(shades.map((s) => [s.name, s.hex]));

  const pill = (choice: Choice) => (
    <span
      className={`flex min-h-11 min-w-16 items-center justify-center rounded-full border-2 px-4 text-sm font-semibold ${
        choice.checked ? "border-accent bg-accent-soft text-ink" : "border-line bg-white"
      } ${choice.soldOut ? "text-muted line-through" : ""}`}
    >
      {choice.key === choice.target.id ? choice.target.label : choice.key}
    </span>
  );

  return (
    <div>
      {sizeChoices.length > 1 && (
        <RadioOptions label={t("shop.product.attr.size")} choices={sizeChoices} onChoose={onChoose} renderOption={pill} className="" />
      )}
      {labelChoices.length > 1 && (
        <RadioOptions label={t("shop.product.format")} choices={labelChoices} onChoose={onChoose} renderOption={pill} className="" />
      )}
      {shadeChoices.length > 1 && (
        <RadioOptions
          label={
            <>
              {t("shop.product.shade")} <span className="font-normal">{current.options.shade}</span>
            </>
          }
          choices={shadeChoices}
          onChoose={onChoose}
          className="gap-3"
          renderOption={(choice) => (
            <span
              title={choice.name}
              className={`relative block h-10 w-10 rounded-full border border-black/10 ring-offset-2 ${
                choice.checked ? "ring-2 ring-accent" : "hover:ring-2 hover:ring-line"
              }`}
              style={{ backgroundColor: hexOf.get(choice.key) ?? "#e7e0da" }}
            >
              {choice.soldOut && (
                <span aria-hidden="true" className="absolute inset-0 m-auto h-0.5 w-11 -rotate-45 self-center rounded bg-white/90 shadow" />
              )}
            </span>
          )}
        />
      )}
    </div>
  );
}
