import { useRef, useState, type KeyboardEvent, type ReactNode } from "react";
import { useFetcher } from "react-router";
import { Modal } from "~/components/ui/modal";
import { FieldShell, errorIdOf } from "~/components/ui/field";
import { Button } from "~/components/ui/button";
import { Input, Select, controlClass } from "~/components/ui/input";
import { showToast } from "~/components/ui/toast";
import { useFetcherAnswer } from "~/components/ui/use-fetcher-answer";
import {
  EMPTY_PRODUCT_FORM,
  PRODUCT_FORM_INVALID_MESSAGE,
  PRODUCT_GALLERY_MAX,
  PRODUCT_IMAGE_URL_MESSAGE,
  ProductFormSchema,
  SKIN_TYPES,
  SKIN_TYPE_LABELS,
  isAcceptableImageUrl,
  productFieldErrors,
  type AdminProductDetail,
  type AdminProductFormAnswer,
  type BrandOption,
  type ProductFieldErrors,
  type ProductFormValues,
} from "~/domain/catalog/admin-product-form.schema";
import { UploadButton, discardUploads } from "./admin-product-image-upload";
import { VariantsEditor } from "./admin-product-variants-editor";
import * as SHOP_MESSAGES from "~/domain/messages/shop";

type Props = {
  mode: "create" | "edit";
  product: AdminProductDetail | null;
  categories: { id: string; name: string }[];
  brands: BrandOption[];
  onClose: () => void;
};

/** A control under its label, the width of its cell. */
const fieldControl = "mt-1 w-full";

/**
 * 'Nouveau produit' / 'Modifier le produit' (spec back-office §2, §5): every field of the
 * product and its variants, checked in the browser with the schema the server checks again.
 */
export function ProductFormModal({ mode, product, categories, brands, onClose }: Props) {
  const [values, setValues] = useState<ProductFormValues>(product?.values ?? EMPTY_PRODUCT_FORM);
  const [errors, setErrors] = useState<ProductFieldErrors>({});
  const [message, setMessage] = useState<string | null>(null);
  const [tagDraft, setTagDraft] = useState("");
  const [tagError, setTagError] = useState<string | null>(null);
  const [urlDraft, setUrlDraft] = useState("");
  const [urlError, setUrlError] = useState<string | null>(null);
  /** Images uploaded while the form is open: dropped on the server if never saved. */
  const uploaded = useRef(new Set<string>());
  const fetcher = useFetcher<AdminProductFormAnswer>();
  const busy = fetcher.state !== "idle";
  const savedValues = useRef<ProductFormValues | null>(null);

  useFetcherAnswer(fetcher, (answer) => {
    if (answer.ok) {
      const saved = savedValues.current;
      const kept = new Set([saved?.image_url, ...(saved?.images ?? []), ...(saved?.variants ?? []).flatMap((v) => v.images)]);
      discardUploads([...uploaded.current].filter((url) => !kept.has(url)));
      uploaded.current.clear();
      showToast(answer.message);
      onClose();
      return;
    }
    setErrors(answer.fieldErrors ?? {});
    setMessage(answer.message);
  });

  const cancel = () => {
    discardUploads(uploaded.current);
    uploaded.current.clear();
    onClose();
  };

  /** Edits one field and clears its message (spec §5). */
  function set<K extends keyof ProductFormValues>(key: K, value: ProductFormValues[K]) {
    setValues((v) => ({ ...v, [key]: value }));
    clearError(key);
  }

  function clearError(key: string) {
    if (errors[key]) setErrors(({ [key]: _cleared, ...rest }) => rest);
  }

  function clearVariantErrors() {
    setErrors((all) => Object.fromEntries(Object.entries(all).filter(([key]) => !key.startsWith("variants."))));
  }

  function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = ProductFormSchema.safeParse(values);
    if (!parsed.success) {
      setErrors(productFieldErrors(parsed.error));
      setMessage(PRODUCT_FORM_INVALID_MESSAGE);
      return;
    }
    setMessage(null);
    savedValues.current = values;
    fetcher.submit(
      { intent: "save-product", ...(product ? { id: product.id } : {}), product: values },
      { method: "post", encType: "application/json" },
    );
  }

  function addTag() {
    const tag = tagDraft.trim();
    if (!tag) return;
    if (values.tags.includes(tag)) {
      setTagError("Ce tag est déjà présent");
      return;
    }
    set("tags", [...values.tags, tag]);
    setTagDraft("");
    setTagError(null);
  }

  function addGalleryUrl() {
    const url = urlDraft.trim();
    if (!url) return;
    if (!isAcceptableImageUrl(url)) return setUrlError(PRODUCT_IMAGE_URL_MESSAGE);
    if (values.images.includes(url)) return setUrlError("Cette image est déjà dans la galerie");
    set("images", [...values.images, url]);
    setUrlDraft("");
    setUrlError(null);
  }

  const willBeInStock = values.variants.some((v) => {
    const stock = Number(v.stock.replace(",", "."));
    return Number.isFinite(stock) && stock > 0;
  });
  const productImages = [...new Set([values.image_url, ...values.images].filter((url) => url && isAcceptableImageUrl(url)))];

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
    <Modal title={mode === "create" ? "Nouveau produit" : "Modifier le produit"} onClose={cancel} wide>
      <form noValidate onSubmit={submit} className="space-y-5" aria-label={mode === "create" ? "Nouveau produit" : "Modifier le produit"}>
        {message ? (
          <p role="alert" className="rounded-lg border border-red-300 bg-red-50 p-3 text-red-900">
            {message}
          </p>
        ) : null}

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
          {longText("ingredients", "Ingrédients (liste INCI)", "Telle qu'imprimée sur l'emballage, ingrédients séparés par des virgules.")}
          {longText("usage_tips", "Conseils d'utilisation")}
        </div>

        <VariantsEditor
          variants={values.variants}
          onChange={(variants) => setValues((v) => ({ ...v, variants }))}
          errors={errors}
          onFieldEdited={clearError}
          onRowsShifted={clearVariantErrors}
          productImages={productImages}
          onUploaded={(url) => uploaded.current.add(url)}
        />

        <ImageField
          label="Image principale (obligatoire)"
          value={values.image_url}
          error={errors.image_url}
          onChange={(url) => set("image_url", url)}
          onUploaded={(url) => {
            uploaded.current.add(url);
            set("image_url", url);
          }}
        />

        <fieldset className="space-y-3 rounded-xl border border-line p-4">
          <legend className="px-1 text-sm font-semibold">Galerie d'images</legend>
          {errors.images ? <p className="text-sm font-medium text-danger">{errors.images}</p> : null}
          {values.images.length === 0 ? <p className="text-sm text-muted">Aucune image supplémentaire.</p> : null}
          <ul className="space-y-2">
            {values.images.map((url, index) => (
              <li key={`${index}-${url}`} className="flex items-center gap-2">
                <img src={url} alt="" width={48} height={48} className="h-12 w-12 shrink-0 rounded-lg border border-line object-cover" />
                <Input
                  value={url}
                  aria-label={`URL de l'image ${index + 1} de la galerie`}
                  onChange={(e) => {
                    const next = [...values.images];
                    next[index] = e.currentTarget.value;
                    set("images", next);
                  }}
                  className="min-w-0 flex-1 text-sm"
                />
                <Button
                  size="sm"
                  onClick={() =>
                    set(
                      "images",
                      values.images.filter((_, i) => i !== index),
                    )
                  }
                  aria-label={`Retirer l'image ${index + 1} de la galerie`}
                  className="text-sm"
                >
                  Retirer
                </Button>
              </li>
            ))}
          </ul>
          {values.images.length < PRODUCT_GALLERY_MAX ? (
            <>
              <div className="flex flex-wrap items-end gap-2">
                <FieldShell
                  id="product-gallery-url"
                  label="Ajouter une image par URL"
                  className="min-w-56 flex-1"
                  error={urlError ?? undefined}
                >
                  <Input
                    id="product-gallery-url"
                    value={urlDraft}
                    placeholder="https://… ou /media/…"
                    onChange={(e) => {
                      setUrlDraft(e.currentTarget.value);
                      setUrlError(null);
                    }}
                    onKeyDown={(e) => {
                      if (e.key === "Enter") {
                        e.preventDefault();
                        addGalleryUrl();
                      }
                    }}
                    aria-describedby={errorIdOf("product-gallery-url", urlError ?? undefined)}
                    className={fieldControl}
                  />
                </FieldShell>
                <Button size="sm" onClick={addGalleryUrl}>
                  Ajouter l'URL
                </Button>
              </div>
              <UploadButton
                label="Téléverser des images dans la galerie"
                multiple
                onUploaded={(url) => {
                  uploaded.current.add(url);
                  setValues((v) =>
                    v.images.includes(url) || v.images.length >= PRODUCT_GALLERY_MAX ? v : { ...v, images: [...v.images, url] },
                  );
                }}
              />
            </>
          ) : null}
        </fieldset>

        <fieldset className="space-y-3 rounded-xl border border-line p-4">
          <legend className="px-1 text-sm font-semibold">Tags</legend>
          {errors.tags ? <p className="text-sm font-medium text-danger">{errors.tags}</p> : null}
          <div className="flex flex-wrap items-end gap-2">
            <FieldShell id="product-tag" label="Nouveau tag" className="min-w-48 flex-1" error={tagError ?? undefined}>
              <Input
                id="product-tag"
                value={tagDraft}
                onChange={(e) => {
                  setTagDraft(e.currentTarget.value);
                  setTagError(null);
                }}
                onKeyDown={(e: KeyboardEvent<HTMLInputElement>) => {
                  if (e.key === "Enter") {
                    e.preventDefault();
                    addTag();
                  }
                }}
                aria-describedby={errorIdOf("product-tag", tagError ?? undefined)}
                className={fieldControl}
              />
            </FieldShell>
            <button
              type="button"
              onClick={addTag}
              aria-label="Ajouter le tag"
              className="h-11 w-11 rounded-full border border-line text-lg font-semibold"
            >
              <span aria-hidden="true">+</span>
            </button>
          </div>
          {values.tags.length > 0 ? (
            <ul className="flex flex-wrap gap-2" aria-label="Tags du produit">
              {values.tags.map((tag) => (
                <li key={tag} className="flex items-center gap-1 rounded-full bg-band py-1 pl-3 pr-1 text-sm">
                  {tag}
                  <button
                    type="button"
                    onClick={() =>
                      set(
                        "tags",
                        values.tags.filter((t) => t !== tag),
                      )
                    }
                    aria-label={`Retirer le tag ${tag}`}
                    className="flex h-8 w-8 items-center justify-center rounded-full hover:bg-white"
                  >
                    <span aria-hidden="true">×</span>
                  </button>
                </li>
              ))}
            </ul>
          ) : null}
        </fieldset>

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

        <div className="space-y-2">
          <Checkbox id="product-featured" checked={values.featured} onChange={(checked) => set("featured", checked)}>
            Mettre en avant ce produit
          </Checkbox>
          <Checkbox id="product-in-stock" checked={willBeInStock} disabled describedBy="product-in-stock-hint">
            Produit en stock
          </Checkbox>
          <p id="product-in-stock-hint" className="pl-8 text-sm text-muted">
            Déterminé par le stock des variantes : en stock dès que l'une d'elles a du stock.
          </p>
        </div>

        <div className="flex justify-end gap-2 border-t border-line pt-4">
          <Button onClick={cancel}>Annuler</Button>
          <Button type="submit" variant="ink" disabled={busy}>
            {busy ? "Sauvegarde..." : mode === "create" ? "Créer" : "Modifier"}
          </Button>
        </div>
      </form>
    </Modal>
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

/** The main image: a URL (pasted or uploaded) with its preview and an upload button. */
function ImageField({
  label,
  value,
  error,
  onChange,
  onUploaded,
}: {
  label: string;
  value: string;
  error?: string;
  onChange: (url: string) => void;
  onUploaded: (url: string) => void;
}) {
  return (
    <fieldset className="space-y-3 rounded-xl border border-line p-4">
      <legend className="px-1 text-sm font-semibold">{label}</legend>
      <div className="flex flex-wrap items-start gap-4">
        {value && isAcceptableImageUrl(value) ? (
          <img
            src={value}
            alt="Aperçu de l'image principale"
            width={96}
            height={96}
            className="h-24 w-24 rounded-lg border border-line object-cover"
          />
        ) : (
          <span aria-hidden="true" className="h-24 w-24 rounded-lg bg-band" />
        )}
        <div className="min-w-56 flex-1 space-y-3">
          <FieldShell id="product-image_url" label="URL de l'image principale" error={error}>
            <Input
              id="product-image_url"
              value={value}
              placeholder="https://… ou /media/…"
              onChange={(e) => onChange(e.currentTarget.value)}
              aria-invalid={error ? true : undefined}
              aria-describedby={errorIdOf("product-image_url", error)}
              className={fieldControl}
            />
          </FieldShell>
          <UploadButton label="Téléverser l'image principale" onUploaded={onUploaded} />
          {value ? (
            <Button size="sm" onClick={() => onChange("")} className="text-sm">
              Retirer l'image principale
            </Button>
          ) : null}
        </div>
      </div>
    </fieldset>
  );
}
