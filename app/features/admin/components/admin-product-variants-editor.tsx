import { useEffect, useRef, useState } from "react";
import { FieldShell, errorIdOf } from "~/components/ui/field";
import { Button } from "~/components/ui/button";
import { Input, Select } from "~/components/ui/input";
import {
  CONTENT_UNITS,
  PRODUCT_GALLERY_MAX,
  PRODUCT_IMAGE_URL_MESSAGE,
  SHADE_HEX_PATTERN,
  deriveVariantLabel,
  emptyVariant,
  isAcceptableImageUrl,
  variantErrorKey,
  type ProductFieldErrors,
  type VariantFormValues,
} from "~/domain/catalog/admin-product-form.schema";
import { UploadButton } from "./admin-product-image-upload";

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
}: {
  variant: VariantFormValues;
  index: number;
  count: number;
  errors: ProductFieldErrors;
  productImages: string[];
  onChange: (patch: Partial<VariantFormValues>) => void;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
  onUploaded: (url: string) => void;
}) {
  const idOf = (field: string) => `variant-${variant.key}-${field}`;
  const errorOf = (field: string) => errors[variantErrorKey(index, field)];
  const name = deriveVariantLabel(variant);
  const title = `Variante ${index + 1}`;
  const [urlDraft, setUrlDraft] = useState("");
  const [urlError, setUrlError] = useState<string | null>(null);

  const textField = (
    field: "label" | "size" | "shade" | "sku",
    label: string,
    options: { required?: boolean; placeholder?: string } = {},
  ) => (
    <FieldShell id={idOf(field)} label={label} required={options.required} error={errorOf(field)}>
      <Input
        id={idOf(field)}
        value={variant[field]}
        placeholder={options.placeholder}
        onChange={(e) => onChange({ [field]: e.currentTarget.value })}
        aria-invalid={errorOf(field) ? true : undefined}
        aria-describedby={errorIdOf(idOf(field), errorOf(field))}
        className="mt-1 w-full"
      />
    </FieldShell>
  );

  const numberField = (field: "price" | "original_price" | "stock" | "content_amount", label: string, step: string, required = false) => (
    <FieldShell id={idOf(field)} label={label} required={required} error={errorOf(field)}>
      <Input
        id={idOf(field)}
        type="number"
        inputMode="decimal"
        min={0}
        step={step}
        value={variant[field]}
        onChange={(e) => onChange({ [field]: e.currentTarget.value })}
        aria-invalid={errorOf(field) ? true : undefined}
        aria-describedby={errorIdOf(idOf(field), errorOf(field))}
        className="mt-1 w-full"
      />
    </FieldShell>
  );

  const hexValid = SHADE_HEX_PATTERN.test(variant.shade_hex.trim());
  const toggleImage = (url: string, on: boolean) =>
    onChange({ images: on ? [...variant.images, url] : variant.images.filter((u) => u !== url) });
  const ownImages = variant.images.filter((url) => !productImages.includes(url));
  const addUrl = () => {
    const url = urlDraft.trim();
    if (!url) return;
    if (!isAcceptableImageUrl(url)) return setUrlError(PRODUCT_IMAGE_URL_MESSAGE);
    if (!variant.images.includes(url)) onChange({ images: [...variant.images, url] });
    setUrlDraft("");
    setUrlError(null);
  };

  return (
    <fieldset className="space-y-4 rounded-xl border border-line bg-band/40 p-4" aria-label={`${title} : ${name}`}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="font-semibold">
          {title} <span className="font-normal text-muted">· {name}</span>
        </p>
        <div className="flex flex-wrap gap-2">
          <Button id={idOf("up")} size="sm" onClick={() => onMove(-1)} disabled={index === 0} aria-label={`Monter la variante ${name}`}>
            <span aria-hidden="true">↑ </span>Monter
          </Button>
          <Button
            id={idOf("down")}
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
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        {textField("size", "Taille", { placeholder: "50 ml" })}
        {textField("shade", "Nom de la teinte", { placeholder: "Beige rosé 02" })}
        <FieldShell id={idOf("shade_hex")} label="Couleur de la teinte (hexadécimal)" error={errorOf("shade_hex")}>
          <div className="mt-1 flex items-center gap-2">
            <input
              type="color"
              value={hexValid ? variant.shade_hex.trim().toLowerCase() : "#000000"}
              onChange={(e) => onChange({ shade_hex: e.currentTarget.value })}
              aria-label={`Choisir la couleur de la teinte de la variante ${index + 1}`}
              className="h-11 w-14 shrink-0 cursor-pointer rounded-lg border border-line bg-white p-1"
            />
            <Input
              id={idOf("shade_hex")}
              value={variant.shade_hex}
              placeholder="#c8a27c"
              onChange={(e) => onChange({ shade_hex: e.currentTarget.value })}
              aria-invalid={errorOf("shade_hex") ? true : undefined}
              aria-describedby={errorIdOf(idOf("shade_hex"), errorOf("shade_hex"))}
              className="w-full min-w-0"
            />
          </div>
        </FieldShell>
        {textField("label", "Libellé", { placeholder: name })}
        <div className="grid grid-cols-[1fr_auto] gap-2">
          {numberField("content_amount", "Contenance", "0.01")}
          <FieldShell id={idOf("content_unit")} label="Unité">
            <Select
              id={idOf("content_unit")}
              value={variant.content_unit}
              onChange={(e) => onChange({ content_unit: e.currentTarget.value as VariantFormValues["content_unit"] })}
              className="mt-1 w-24"
            >
              <option value="">—</option>
              {CONTENT_UNITS.map((unit) => (
                <option key={unit} value={unit}>
                  {unit}
                </option>
              ))}
            </Select>
          </FieldShell>
        </div>
        {textField("sku", "Référence (SKU)", { required: true })}
        {numberField("price", "Prix (€)", "0.01", true)}
        {numberField("original_price", "Prix d'origine (€)", "0.01")}
        {numberField("stock", "Stock", "1", true)}
      </div>
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium">Images de la variante (facultatif : sinon celles du produit)</legend>
        {productImages.length > 0 ? (
          <ul className="flex flex-wrap gap-3">
            {productImages.map((url, i) => (
              <li key={url}>
                <label className="flex min-h-11 items-center gap-2 text-sm">
                  <input
                    type="checkbox"
                    checked={variant.images.includes(url)}
                    onChange={(e) => toggleImage(url, e.currentTarget.checked)}
                    className="h-5 w-5"
                  />
                  <img src={url} alt="" width={40} height={40} className="h-10 w-10 rounded border border-line object-cover" />
                  Image {i + 1} du produit
                </label>
              </li>
            ))}
          </ul>
        ) : null}
        {ownImages.length > 0 ? (
          <ul className="space-y-2">
            {ownImages.map((url, i) => (
              <li key={url} className="flex items-center gap-2">
                <img src={url} alt="" width={40} height={40} className="h-10 w-10 shrink-0 rounded border border-line object-cover" />
                <span className="min-w-0 flex-1 truncate text-sm">{url}</span>
                <Button
                  size="sm"
                  onClick={() => toggleImage(url, false)}
                  aria-label={`Retirer l'image ${i + 1} propre à la variante ${index + 1}`}
                >
                  Retirer
                </Button>
              </li>
            ))}
          </ul>
        ) : null}
        {variant.images.length < PRODUCT_GALLERY_MAX ? (
          <div className="flex flex-wrap items-end gap-2">
            <FieldShell
              id={idOf("image-url")}
              label="Adresse d'une image propre à la variante"
              className="min-w-48 flex-1"
              error={urlError ?? undefined}
            >
              <Input
                id={idOf("image-url")}
                value={urlDraft}
                placeholder="https://… ou /media/…"
                onChange={(e) => {
                  setUrlDraft(e.currentTarget.value);
                  setUrlError(null);
                }}
                onKeyDown={(e) => {
                  if (e.key === "Enter") {
                    e.preventDefault();
                    addUrl();
                  }
                }}
                aria-describedby={errorIdOf(idOf("image-url"), urlError ?? undefined)}
                className="mt-1 w-full"
              />
            </FieldShell>
            <Button size="sm" onClick={addUrl} aria-label={`Ajouter l'image à la variante ${index + 1}`}>
              Ajouter
            </Button>
            <UploadButton
              label={`Téléverser une image pour la variante ${index + 1}`}
              onUploaded={(url) => {
                onUploaded(url);
                onChange({ images: variant.images.includes(url) ? variant.images : [...variant.images, url] });
              }}
            />
          </div>
        ) : null}
      </fieldset>
    </fieldset>
  );
}
