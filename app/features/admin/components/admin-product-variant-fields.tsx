import { FieldShell, errorIdOf } from "~/components/ui/field";
import { Input, Select } from "~/components/ui/input";
import { useIsBundleVariant } from "./admin-product-bundle-stock";
import {
  CONTENT_UNITS,
  SHADE_HEX_PATTERN,
  variantErrorKey,
  type ProductFieldErrors,
  type VariantFormValues,
} from "~/domain/catalog/admin-product-form.schema";

/** One variant row of the editor, as its fields need it. */
export type VariantRowProps = {
  variant: VariantFormValues;
  index: number;
  errors: ProductFieldErrors;
  onChange: (patch: Partial<VariantFormValues>) => void;
};

/** A variant control's id: the variant's key keeps it stable across moves. */
export const variantFieldId = (variant: VariantFormValues, field: string) => `variant-${variant.key}-${field}`;

/** The message of one of the row's fields, found by the row's position. */
export const variantFieldError = (row: VariantRowProps, field: string) => row.errors[variantErrorKey(row.index, field)];

function VariantTextField({
  row,
  field,
  label,
  required,
  placeholder,
}: {
  row: VariantRowProps;
  field: "label" | "size" | "shade" | "sku";
  label: string;
  required?: boolean;
  placeholder?: string;
}) {
  const id = variantFieldId(row.variant, field);
  const error = variantFieldError(row, field);
  return (
    <FieldShell id={id} label={label} required={required} error={error}>
      <Input
        id={id}
        value={row.variant[field]}
        placeholder={placeholder}
        onChange={(e) => row.onChange({ [field]: e.currentTarget.value })}
        aria-invalid={error ? true : undefined}
        aria-describedby={errorIdOf(id, error)}
        className="mt-1 w-full"
      />
    </FieldShell>
  );
}

function VariantNumberField({
  row,
  field,
  label,
  step,
  required = false,
}: {
  row: VariantRowProps;
  field: "price" | "original_price" | "stock" | "content_amount";
  label: string;
  step: string;
  required?: boolean;
}) {
  const id = variantFieldId(row.variant, field);
  const error = variantFieldError(row, field);
  // A set's stock is computed from its components (decision 070): shown, never typed.
  const derived = useIsBundleVariant(row.variant.id) && field === "stock";
  return (
    <FieldShell id={id} label={label} required={required} error={error}>
      <Input
        id={id}
        type="number"
        inputMode="decimal"
        min={0}
        step={step}
        value={row.variant[field]}
        onChange={(e) => row.onChange({ [field]: e.currentTarget.value })}
        readOnly={derived}
        aria-invalid={error ? true : undefined}
        aria-describedby={derived ? `${id}-derived` : errorIdOf(id, error)}
        className="mt-1 w-full"
      />
      {derived && (
        <span id={`${id}-derived`} className="mt-1 block text-xs text-muted">
          Coffret : stock calculé à partir de ses composants.
        </span>
      )}
    </FieldShell>
  );
}

/** The shade's colour: a colour picker and the hexadecimal value, kept in step. */
function VariantShadeHexField({ row }: { row: VariantRowProps }) {
  const { variant, index, onChange } = row;
  const id = variantFieldId(variant, "shade_hex");
  const error = variantFieldError(row, "shade_hex");
  const hexValid = SHADE_HEX_PATTERN.test(variant.shade_hex.trim());
  return (
    <FieldShell id={id} label="Couleur de la teinte (hexadécimal)" error={error}>
      <div className="mt-1 flex items-center gap-2">
        <input
          type="color"
          value={hexValid ? variant.shade_hex.trim().toLowerCase() : "#000000"}
          onChange={(e) => onChange({ shade_hex: e.currentTarget.value })}
          aria-label={`Choisir la couleur de la teinte de la variante ${index + 1}`}
          className="h-11 w-14 shrink-0 cursor-pointer rounded-lg border border-line bg-white p-1"
        />
        <Input
          id={id}
          value={variant.shade_hex}
          placeholder="#c8a27c"
          onChange={(e) => onChange({ shade_hex: e.currentTarget.value })}
          aria-invalid={error ? true : undefined}
          aria-describedby={errorIdOf(id, error)}
          className="w-full min-w-0"
        />
      </div>
    </FieldShell>
  );
}

/** The content: an amount and its unit. */
function VariantContentField({ row }: { row: VariantRowProps }) {
  const id = variantFieldId(row.variant, "content_unit");
  return (
    <div className="grid grid-cols-[1fr_auto] gap-2">
      <VariantNumberField row={row} field="content_amount" label="Contenance" step="0.01" />
      <FieldShell id={id} label="Unité">
        <Select
          id={id}
          value={row.variant.content_unit}
          onChange={(e) => row.onChange({ content_unit: e.currentTarget.value as VariantFormValues["content_unit"] })}
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
  );
}

/** The variant's own fields: size, shade, label (named after size and shade when left empty), content, SKU, prices and stock. */
export function VariantFields({ row, name }: { row: VariantRowProps; name: string }) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <VariantTextField row={row} field="size" label="Taille" placeholder="50 ml" />
      <VariantTextField row={row} field="shade" label="Nom de la teinte" placeholder="Beige rosé 02" />
      <VariantShadeHexField row={row} />
      <VariantTextField row={row} field="label" label="Libellé" placeholder={name} />
      <VariantContentField row={row} />
      <VariantTextField row={row} field="sku" label="Référence (SKU)" required />
      <VariantNumberField row={row} field="price" label="Prix (€)" step="0.01" required />
      <VariantNumberField row={row} field="original_price" label="Prix d'origine (€)" step="0.01" />
      <VariantNumberField row={row} field="stock" label="Stock" step="1" required />
    </div>
  );
}
