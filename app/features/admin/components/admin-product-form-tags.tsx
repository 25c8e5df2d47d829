import { useState, type KeyboardEvent } from "react";
import { FieldShell, errorIdOf } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { fieldControl, type ProductFormSectionProps } from "./admin-product-form-section";

/** The product's tags: typed one at a time (Enter or '+'), each removable; no duplicates. */
export function ProductTags({ values, errors, set }: ProductFormSectionProps) {
  const [tagDraft, setTagDraft] = useState("");
  const [tagError, setTagError] = useState<string | null>(null);

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

  return (
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
  );
}
