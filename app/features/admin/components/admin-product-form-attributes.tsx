import type { ReactNode } from "react";
import { FieldShell } from "~/components/ui/field";
import { Input, Select } from "~/components/ui/input";
import { SKIN_TYPES, SKIN_TYPE_LABELS, type ProductFormValues } from "~/domain/catalog/admin-product-form.schema";
import * as SHOP_MESSAGES from "~/domain/messages/shop";
import { fieldControl, type ProductFormSectionProps } from "./admin-product-form-section";

/** The product's attributes: colour, skin type and recommended use. */
export function ProductAttributes({ values, errors, set }: ProductFormSectionProps) {
  const attribute = (key: "color" | "usage", label: string) => (
    <FieldShell id={`product-attr-${key}`} label={label}>
      <Input
        id={`product-attr-${key}`}
        value={values.attributes[key]}
        onChange={(e) => set("attributes", { ...values.attributes, [key]: e.currentTarget.value })}
        className={fieldControl}
      />
    </FieldShell>
  );

  return (
    <fieldset className="grid gap-4 rounded-xl border border-line p-4 sm:grid-cols-2">
      <legend className="px-1 text-sm font-semibold">Attributs</legend>
      {attribute("color", "Couleur")}
      <FieldShell id="product-attr-skin" label={SHOP_MESSAGES.skinType} error={errors.attributes}>
        <Select
          id="product-attr-skin"
          value={values.attributes.skin_type}
          onChange={(e) =>
            set("attributes", {
              ...values.attributes,
              skin_type: e.currentTarget.value as ProductFormValues["attributes"]["skin_type"],
            })
          }
          className={fieldControl}
        >
          <option value="">Non précisé</option>
          {SKIN_TYPES.map((s) => (
            <option key={s} value={s}>
              {SKIN_TYPE_LABELS[s]}
            </option>
          ))}
        </Select>
      </FieldShell>
      {attribute("usage", "Utilisation recommandée")}
    </fieldset>
  );
}

/** 'Mettre en avant' and 'Produit en stock', the latter read from the variants' stock. */
export function ProductFlags({
  featured,
  willBeInStock,
  onFeatured,
}: {
  featured: boolean;
  willBeInStock: boolean;
  onFeatured: (checked: boolean) => void;
}) {
  return (
    <div className="space-y-2">
      <Checkbox id="product-featured" checked={featured} onChange={onFeatured}>
        Mettre en avant ce produit
      </Checkbox>
      <Checkbox id="product-in-stock" checked={willBeInStock} disabled describedBy="product-in-stock-hint">
        Produit en stock
      </Checkbox>
      <p id="product-in-stock-hint" className="pl-8 text-sm text-muted">
        Déterminé par le stock des variantes : en stock dès que l'une d'elles a du stock.
      </p>
    </div>
  );
}

function Checkbox({
  id,
  checked,
  onChange,
  disabled = false,
  describedBy,
  children,
}: {
  id: string;
  checked: boolean;
  onChange?: (checked: boolean) => void;
  disabled?: boolean;
  describedBy?: string;
  children: ReactNode;
}) {
  return (
    <div className="flex min-h-11 items-center gap-3">
      <input
        id={id}
        type="checkbox"
        checked={checked}
        disabled={disabled}
        onChange={(e) => onChange?.(e.currentTarget.checked)}
        aria-describedby={describedBy}
        className="h-5 w-5"
      />
      <label htmlFor={id} className="font-medium">
        {children}
      </label>
    </div>
  );
}
