import { useState } from "react";
import { FieldShell, errorIdOf } from "~/components/ui/field";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { PRODUCT_GALLERY_MAX, PRODUCT_IMAGE_URL_MESSAGE, isAcceptableImageUrl } from "~/domain/catalog/admin-product-form.schema";
import { UploadButton } from "./admin-product-image-upload";
import { fieldControl, type ProductFormSectionProps } from "./admin-product-form-section";

/** The main image: a URL (pasted or uploaded) with its preview and an upload button. */
export function ProductMainImage({
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

/**
 * The gallery: its images, each URL editable or removed, and more added by URL or uploaded,
 * up to PRODUCT_GALLERY_MAX. `onUploaded` adds an uploaded image (several may land at once).
 */
export function ProductGallery({ values, errors, set, onUploaded }: ProductFormSectionProps & { onUploaded: (url: string) => void }) {
  const [urlDraft, setUrlDraft] = useState("");
  const [urlError, setUrlError] = useState<string | null>(null);

  function addGalleryUrl() {
    const url = urlDraft.trim();
    if (!url) return;
    if (!isAcceptableImageUrl(url)) return setUrlError(PRODUCT_IMAGE_URL_MESSAGE);
    if (values.images.includes(url)) return setUrlError("Cette image est déjà dans la galerie");
    set("images", [...values.images, url]);
    setUrlDraft("");
    setUrlError(null);
  }

  return (
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
          <UploadButton label="Téléverser des images dans la galerie" multiple onUploaded={onUploaded} />
        </>
      ) : null}
    </fieldset>
  );
}
