import { FieldShell, errorIdOf } from "~/components/ui/field";
import { Input, Select, controlClass } from "~/components/ui/input";
import { PRODUCT_WEIGHT_MAX_GRAMS, PRODUCT_WEIGHT_MIN_GRAMS, type BrandOption } from "~/domain/catalog/admin-product-form.schema";
import { ORIGIN_COUNTRY_OPTIONS, isOriginCountry } from "~/domain/catalog/origin-countries";
import { TAX_CLASSES, TAX_CLASS_LABELS, type TaxClass } from "~/domain/tax/tax-classes";
import { fieldControl, type ProductFormSectionProps } from "./admin-product-form-section";

type Props = ProductFormSectionProps & { categories: { id: string; name: string }[]; brands: BrandOption[] };

/**
 * The product form's general information: name, description, category, brand, packed weight,
 * tax class, the customs code and origin a CN23 declares (decision 063), and the label texts.
 */
export function ProductGeneralFields({ values, errors, set, categories, brands }: Props) {
  const text = (key: "name" | "new_brand", label: string, required = false) => (
    <FieldShell id={`product-${key}`} label={label} required={required} error={errors[key]}>
      <Input
        id={`product-${key}`}
        value={values[key]}
        onChange={(e) => set(key, e.currentTarget.value)}
        aria-invalid={errors[key] ? true : undefined}
        aria-describedby={errorIdOf(`product-${key}`, errors[key])}
        data-autofocus={key === "name" ? true : undefined}
        className={fieldControl}
      />
    </FieldShell>
  );

  const longText = (key: "description" | "ingredients" | "usage_tips", label: string, hint?: string) => (
    <FieldShell id={`product-${key}`} label={label} hint={hint} className="sm:col-span-2" error={errors[key]}>
      <textarea
        id={`product-${key}`}
        rows={3}
        value={values[key]}
        onChange={(e) => set(key, e.currentTarget.value)}
        aria-invalid={errors[key] ? true : undefined}
        aria-describedby={
          [hint ? `product-${key}-hint` : null, errorIdOf(`product-${key}`, errors[key])].filter(Boolean).join(" ") || undefined
        }
        className={`${controlClass} ${fieldControl} py-2`}
      />
    </FieldShell>
  );

  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <div className="sm:col-span-2">{text("name", "Nom du produit", true)}</div>
      {longText("description", "Description")}
      <FieldShell id="product-category_id" label="Catégorie" required error={errors.category_id}>
        <Select
          id="product-category_id"
          value={values.category_id}
          onChange={(e) => set("category_id", e.currentTarget.value)}
          aria-invalid={errors.category_id ? true : undefined}
          aria-describedby={errorIdOf("product-category_id", errors.category_id)}
          className={fieldControl}
        >
          <option value="">Sélectionner une catégorie</option>
          {categories.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </Select>
      </FieldShell>
      <FieldShell id="product-brand_id" label="Marque" error={errors.brand_id}>
        <Select
          id="product-brand_id"
          value={values.brand_id}
          onChange={(e) => set("brand_id", e.currentTarget.value)}
          disabled={values.new_brand.trim() !== ""}
          aria-invalid={errors.brand_id ? true : undefined}
          aria-describedby={errorIdOf("product-brand_id", errors.brand_id)}
          className={fieldControl}
        >
          <option value="">Sans marque</option>
          {brands.map((b) => (
            <option key={b.id} value={b.id}>
              {b.name}
            </option>
          ))}
        </Select>
      </FieldShell>
      {text("new_brand", "Ou nouvelle marque")}
      <FieldShell id="product-weight_grams" label="Poids emballé (g)" hint="Sert à calculer le poids des colis" error={errors.weight_grams}>
        <Input
          id="product-weight_grams"
          type="number"
          inputMode="numeric"
          min={PRODUCT_WEIGHT_MIN_GRAMS}
          max={PRODUCT_WEIGHT_MAX_GRAMS}
          step={1}
          value={values.weight_grams}
          onChange={(e) => set("weight_grams", e.currentTarget.value)}
          aria-invalid={errors.weight_grams ? true : undefined}
          aria-describedby={["product-weight_grams-hint", errorIdOf("product-weight_grams", errors.weight_grams)].filter(Boolean).join(" ")}
          className={fieldControl}
        />
      </FieldShell>
      <FieldShell id="product-tax_class" label="Catégorie fiscale" error={errors.tax_class}>
        <Select
          id="product-tax_class"
          value={values.tax_class}
          onChange={(e) => set("tax_class", e.currentTarget.value as TaxClass)}
          aria-invalid={errors.tax_class ? true : undefined}
          aria-describedby={errorIdOf("product-tax_class", errors.tax_class)}
          className={fieldControl}
        >
          {TAX_CLASSES.map((c) => (
            <option key={c} value={c}>
              {TAX_CLASS_LABELS[c]}
            </option>
          ))}
        </Select>
      </FieldShell>
      <FieldShell id="product-hs_code" label="Code douanier (SH)" hint="ex. 330300 pour un parfum" error={errors.hs_code}>
        <Input
          id="product-hs_code"
          inputMode="numeric"
          autoComplete="off"
          maxLength={14}
          value={values.hs_code}
          onChange={(e) => set("hs_code", e.currentTarget.value)}
          aria-invalid={errors.hs_code ? true : undefined}
          aria-describedby={["product-hs_code-hint", errorIdOf("product-hs_code", errors.hs_code)].filter(Boolean).join(" ")}
          className={fieldControl}
        />
      </FieldShell>
      <FieldShell id="product-origin_country" label="Pays d'origine" error={errors.origin_country}>
        <Select
          id="product-origin_country"
          value={values.origin_country}
          onChange={(e) => set("origin_country", e.currentTarget.value as typeof values.origin_country)}
          aria-invalid={errors.origin_country ? true : undefined}
          aria-describedby={errorIdOf("product-origin_country", errors.origin_country)}
          className={fieldControl}
        >
          <option value="">Non renseigné</option>
          {values.origin_country && !isOriginCountry(values.origin_country) ? (
            <option value={values.origin_country}>{values.origin_country}</option>
          ) : null}
          {ORIGIN_COUNTRY_OPTIONS.map((c) => (
            <option key={c.code} value={c.code}>
              {c.name}
            </option>
          ))}
        </Select>
      </FieldShell>
      {longText("ingredients", "Ingrédients (liste INCI)", "Telle qu'imprimée sur l'emballage, ingrédients séparés par des virgules.")}
      {longText("usage_tips", "Conseils d'utilisation")}
    </div>
  );
}
