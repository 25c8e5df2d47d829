import { useState } from "react";
import { FieldShell, errorIdOf } from "~/components/ui/field";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { PRODUCT_GALLERY_MAX, PRODUCT_IMAGE_URL_MESSAGE, isAcceptableImageUrl } from "~/domain/catalog/admin-product-form.schema";
import { UploadButton } from "./admin-product-image-upload";
import { variantFieldId, type VariantRowProps } from "./admin-product-variant-fields";

/** The address typed for an image of the variant's own, checked when it is added. */
function useVariantImageUrl({ variant, onChange }: Pick<VariantRowProps, "variant" | "onChange">) {
  const [draft, setDraft] = useState("");
  const [error, setError] = useState<string | null>(null);
  const edit = (value: string) => {
    setDraft(value);
    setError(null);
  };
  const add = () => {
    const url = draft.trim();
    if (!url) return;
    if (!isAcceptableImageUrl(url)) return setError(PRODUCT_IMAGE_URL_MESSAGE);
    if (!variant.images.includes(url)) onChange({ images: [...variant.images, url] });
    setDraft("");
    setError(null);
  };
  return { draft, error, edit, add };
}

/**
 * The variant's images (optional: without them it shows the product's): the product's pictures to
 * tick, the variant's own ones to remove, and an address or an upload to add one.
 */
export function VariantImages({
  row: { variant, index, onChange },
  productImages,
  onUploaded,
}: {
  row: VariantRowProps;
  productImages: string[];
  onUploaded: (url: string) => void;
}) {
  const imageUrl = useVariantImageUrl({ variant, onChange });
  const toggleImage = (url: string, on: boolean) =>
    onChange({ images: on ? [...variant.images, url] : variant.images.filter((u) => u !== url) });
  const ownImages = variant.images.filter((url) => !productImages.includes(url));
  const urlId = variantFieldId(variant, "image-url");

  return (
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
            id={urlId}
            label="Adresse d'une image propre à la variante"
            className="min-w-48 flex-1"
            error={imageUrl.error ?? undefined}
          >
            <Input
              id={urlId}
              value={imageUrl.draft}
              placeholder="https://… ou /media/…"
              onChange={(e) => imageUrl.edit(e.currentTarget.value)}
              onKeyDown={(e) => {
                if (e.key === "Enter") {
                  e.preventDefault();
                  imageUrl.add();
                }
              }}
              aria-describedby={errorIdOf(urlId, imageUrl.error ?? undefined)}
              className="mt-1 w-full"
            />
          </FieldShell>
          <Button size="sm" onClick={imageUrl.add} aria-label={`Ajouter l'image à la variante ${index + 1}`}>
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
  );
}
