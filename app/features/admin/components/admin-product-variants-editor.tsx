import { useEffect, useRef, useState } from "react";
import { Button } from "~/components/ui/button";
import {
  deriveVariantLabel,
  emptyVariant,
  variantErrorKey,
  type ProductFieldErrors,
  type VariantFormValues,
} from "~/domain/catalog/admin-product-form.schema";
import { VariantFields, variantFieldId, type VariantRowProps } from "./admin-product-variant-fields";
import { VariantImages } from "./admin-product-variant-images";

type Props = {
  variants: VariantFormValues[];
  onChange: (variants: VariantFormValues[]) => void;
  errors: ProductFieldErrors;
  /** Clears one variant field's message once it is edited. */
  onFieldEdited: (key: string) => void;
  /** Clears every variant message: a move or a removal shifts the rows they point at. */
  onRowsShifted: () => void;
  /** The product's own pictures (main image and gallery), offered to each variant. */
  productImages: string[];
  onUploaded: (url: string) => void;
};

let nextKey = 0;
const newKey = () => `new-${Date.now().toString(36)}-${nextKey++}`;

/**
 * The product's variants: add, edit, reorder (Monter / Descendre, keyboard reachable buttons
 * that keep the focus on the moved variant) and remove, at least one. A variant left without a
 * label is named from its size and shade.
 */
export function VariantsEditor({ variants, onChange, errors, onFieldEdited, onRowsShifted, productImages, onUploaded }: Props) {
  const [announcement, setAnnouncement] = useState("");
  /** After a move or an addition: the control to focus once React has placed the rows. */
  const pendingFocus = useRef<string | null>(null);

  useEffect(() => {
    if (!pendingFocus.current) return;
    const target = document.getElementById(pendingFocus.current);
    pendingFocus.current = null;
    target?.focus();
  });

  const update = (index: number, patch: Partial<VariantFormValues>) => {
    onChange(variants.map((v, i) => (i === index ? { ...v, ...patch } : v)));
    for (const field of Object.keys(patch)) onFieldEdited(variantErrorKey(index, field));
  };

  const move = (index: number, by: -1 | 1) => {
    const to = index + by;
    if (to < 0 || to >= variants.length) return;
    const next = [...variants];
    const [moved] = next.splice(index, 1);
    next.splice(to, 0, moved);
    onRowsShifted();
    onChange(next);
    // At the top (or bottom) the button pressed is disabled: the focus goes to the other one.
    const edge = (by === -1 && to === 0) || (by === 1 && to === next.length - 1);
    pendingFocus.current = `variant-${moved.key}-${(by === -1) !== edge ? "up" : "down"}`;
    setAnnouncement(`${deriveVariantLabel(moved)} déplacée en position ${to + 1} sur ${next.length}`);
  };

  const remove = (index: number) => {
    const gone = variants[index];
    const next = variants.filter((_, i) => i !== index);
    onRowsShifted();
    onChange(next);
    pendingFocus.current = next.length > 0 ? `variant-${next[Math.min(index, next.length - 1)].key}-sku` : "variant-add";
    setAnnouncement(`Variante ${deriveVariantLabel(gone)} retirée`);
  };

  const add = () => {
    const variant = emptyVariant(newKey());
    onChange([...variants, variant]);
    pendingFocus.current = `variant-${variant.key}-size`;
    setAnnouncement(`Variante ${variants.length + 1} ajoutée`);
  };

  return (
    <fieldset className="space-y-4 rounded-xl border border-line p-4">
      <legend className="px-1 text-sm font-semibold">Variantes (tailles, teintes)</legend>
      <p className="text-sm text-muted">
        Chaque variante a sa référence, son prix et son stock. Sans libellé, elle est nommée d'après sa taille et sa teinte.
      </p>
      {errors.variants ? (
        <p role="alert" className="text-sm font-medium text-danger">
          {errors.variants}
        </p>
      ) : null}
      <ol className="space-y-4">
        {variants.map((variant, index) => (
          <li key={variant.key}>
            <VariantRow
              variant={variant}
              index={index}
              count={variants.length}
              errors={errors}
              productImages={productImages}
              onChange={(patch) => update(index, patch)}
              onMove={(by) => move(index, by)}
              onRemove={() => remove(index)}
              onUploaded={onUploaded}
            />
          </li>
        ))}
      </ol>
      <Button id="variant-add" size="sm" onClick={add}>
        Ajouter une variante
      </Button>
      <p aria-live="polite" className="sr-only">
        {announcement}
      </p>
    </fieldset>
  );
}

/** One variant: its position and moves, its fields and its images. */
function VariantRow({
  variant,
  index,
  count,
  errors,
  productImages,
  onChange,
  onMove,
  onRemove,
  onUploaded,
}: VariantRowProps & {
  count: number;
  productImages: string[];
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
  onUploaded: (url: string) => void;
}) {
  const row = { variant, index, errors, onChange };
  const name = deriveVariantLabel(variant);
  const title = `Variante ${index + 1}`;

  return (
    <fieldset className="space-y-4 rounded-xl border border-line bg-band/40 p-4" aria-label={`${title} : ${name}`}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="font-semibold">
          {title} <span className="font-normal text-muted">· {name}</span>
        </p>
        <VariantMoves variant={variant} index={index} count={count} name={name} onMove={onMove} onRemove={onRemove} />
      </div>
      <VariantFields row={row} name={name} />
      <VariantImages row={row} productImages={productImages} onUploaded={onUploaded} />
    </fieldset>
  );
}

/** Monter, Descendre and Retirer: the first cannot go up, the last cannot go down, the only one cannot go. */
function VariantMoves({
  variant,
  index,
  count,
  name,
  onMove,
  onRemove,
}: {
  variant: VariantFormValues;
  index: number;
  count: number;
  name: string;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
}) {
  return (
    <div className="flex flex-wrap gap-2">
      <Button
        id={variantFieldId(variant, "up")}
        size="sm"
        onClick={() => onMove(-1)}
        disabled={index === 0}
        aria-label={`Monter la variante ${name}`}
      >
        <span aria-hidden="true">↑ </span>Monter
      </Button>
      <Button
        id={variantFieldId(variant, "down")}
        size="sm"
        onClick={() => onMove(1)}
        disabled={index === count - 1}
        aria-label={`Descendre la variante ${name}`}
      >
        <span aria-hidden="true">↓ </span>Descendre
      </Button>
      <Button variant="danger-outline" size="sm" onClick={onRemove} disabled={count === 1} aria-label={`Retirer la variante ${name}`}>
        Retirer
      </Button>
    </div>
  );
}
