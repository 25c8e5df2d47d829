import { useMemo, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { Modal } from "~/components/ui/modal";
import { Button } from "~/components/ui/button";
import { showToast } from "~/components/ui/toast";
import { useActionResult } from "~/components/ui/use-fetcher-answer";
import {
  EMPTY_PRODUCT_FORM,
  PRODUCT_FORM_INVALID_MESSAGE,
  PRODUCT_GALLERY_MAX,
  ProductFormSchema,
  isAcceptableImageUrl,
  productFieldErrors,
  type AdminProductDetail,
  type BrandOption,
  type ProductFieldErrors,
  type ProductFormValues,
  type SavedProductData,
} from "~/domain/catalog/admin-product-form.schema";
import type { ActionResult } from "~/domain/http/action-result";
import { discardUploads } from "./admin-product-image-upload";
import { VariantsEditor } from "./admin-product-variants-editor";
import { ProductAttributes, ProductFlags } from "./admin-product-form-attributes";
import { ProductGeneralFields } from "./admin-product-form-general";
import { ProductGallery, ProductMainImage } from "./admin-product-form-images";
import { ProductTags } from "./admin-product-form-tags";
import { ProductBundleSection } from "./admin-product-bundle-section";
import { BundleVariantsContext } from "./admin-product-bundle-stock";

type Props = {
  mode: "create" | "edit";
  product: AdminProductDetail | null;
  categories: { id: string; name: string }[];
  brands: BrandOption[];
  onClose: () => void;
};

/**
 * 'Nouveau produit' / 'Modifier le produit' (spec back-office §2, §5): every field of the
 * product and its variants, checked in the browser with the schema the server checks again.
 * It holds the values and their messages; each section (admin-product-form-*.tsx) shows and edits its part.
 */
export function ProductFormModal({ mode, product, categories, brands, onClose }: Props) {
  const [values, setValues] = useState<ProductFormValues>(product?.values ?? EMPTY_PRODUCT_FORM);
  const [errors, setErrors] = useState<ProductFieldErrors>({});
  const [message, setMessage] = useState<string | null>(null);
  /** Images uploaded while the form is open: dropped on the server if never saved. */
  const uploaded = useRef(new Set<string>());
  const fetcher = useFetcher<ActionResult<SavedProductData>>();
  const busy = fetcher.state !== "idle";
  const savedValues = useRef<ProductFormValues | null>(null);
  const bundleVariants = useMemo(() => new Set(product?.bundle_variant_ids ?? []), [product]);

  useActionResult(fetcher, {
    onSuccess: (answer) => {
      const saved = savedValues.current;
      const kept = new Set([saved?.image_url, ...(saved?.images ?? []), ...(saved?.variants ?? []).flatMap((v) => v.images)]);
      discardUploads([...uploaded.current].filter((url) => !kept.has(url)));
      uploaded.current.clear();
      if (answer.message) showToast(answer.message);
      onClose();
    },
    onFailure: (answer) => {
      setErrors(answer.fieldErrors ?? {});
      setMessage(answer.message);
    },
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

  const willBeInStock = values.variants.some((v) => {
    const stock = Number(v.stock.replace(",", "."));
    return Number.isFinite(stock) && stock > 0;
  });
  const productImages = [...new Set([values.image_url, ...values.images].filter((url) => url && isAcceptableImageUrl(url)))];

  return (
    <Modal title={mode === "create" ? "Nouveau produit" : "Modifier le produit"} onClose={cancel} wide>
      <form noValidate onSubmit={submit} className="space-y-5" aria-label={mode === "create" ? "Nouveau produit" : "Modifier le produit"}>
        {message ? (
          <p role="alert" className="rounded-lg border border-red-300 bg-red-50 p-3 text-red-900">
            {message}
          </p>
        ) : null}

        <ProductGeneralFields values={values} errors={errors} set={set} categories={categories} brands={brands} />

        <BundleVariantsContext.Provider value={bundleVariants}>
          <VariantsEditor
            variants={values.variants}
            onChange={(variants) => setValues((v) => ({ ...v, variants }))}
            errors={errors}
            onFieldEdited={clearError}
            onRowsShifted={clearVariantErrors}
            productImages={productImages}
            onUploaded={(url) => uploaded.current.add(url)}
          />
        </BundleVariantsContext.Provider>

        <ProductBundleSection productId={product?.id ?? null} />

        <ProductMainImage
          label="Image principale (obligatoire)"
          value={values.image_url}
          error={errors.image_url}
          onChange={(url) => set("image_url", url)}
          onUploaded={(url) => {
            uploaded.current.add(url);
            set("image_url", url);
          }}
        />

        <ProductGallery
          values={values}
          errors={errors}
          set={set}
          onUploaded={(url) => {
            uploaded.current.add(url);
            setValues((v) => (v.images.includes(url) || v.images.length >= PRODUCT_GALLERY_MAX ? v : { ...v, images: [...v.images, url] }));
          }}
        />

        <ProductTags values={values} errors={errors} set={set} />

        <ProductAttributes values={values} errors={errors} set={set} />

        <ProductFlags featured={values.featured} willBeInStock={willBeInStock} onFeatured={(checked) => set("featured", checked)} />

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
