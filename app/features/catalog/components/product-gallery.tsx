import { useState } from "react";
import { useT } from "~/components/ui/i18n";

type Props = { name: string; images: string[] };

const PLACEHOLDER =
  "data:image/svg+xml;utf8," +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 800 800"><rect width="800" height="800" fill="#f3eee9"/><circle cx="400" cy="380" r="120" fill="#e7e0da"/></svg>',
  );

/**
 * The main image and a thumbnail per picture (all of them, each once); no thumbnails when there
 * is only one. A missing image falls back to a local placeholder. The page gives it a new key
 * when the chosen variant changes its pictures, so it starts again on the first.
 */
export function ProductGallery({ name, images }: Props) {
  const slots = images.length > 0 ? images : [PLACEHOLDER];
  const [current, setCurrent] = useState(0);
  const t = useT();
  const [failed, setFailed] = useState<Record<number, boolean>>({});
  const src = (i: number) => (failed[i] ? PLACEHOLDER : (slots[i] ?? PLACEHOLDER));
  const onError = (i: number) => () => setFailed((f) => ({ ...f, [i]: true }));

  return (
    <div>
      <div className="overflow-hidden rounded-2xl bg-band">
        <img
          src={src(current)}
          alt={slots.length > 1 ? t("shop.product.gallery.imageAlt", { name, index: current + 1, count: slots.length }) : name}
          width={800}
          height={800}
          fetchPriority="high"
          decoding="async"
          onError={onError(current)}
          className="aspect-square w-full object-cover"
        />
      </div>
      {slots.length > 1 && (
        <ul className="mt-4 grid grid-cols-4 gap-3 sm:grid-cols-5" aria-label={t("shop.product.gallery.otherViews")}>
          {slots.map((_, i) => (
            <li key={i}>
              <button
                type="button"
                onClick={() => setCurrent(i)}
                aria-pressed={current === i}
                aria-label={t("shop.product.gallery.view", { index: i + 1, count: slots.length })}
                className={`block w-full overflow-hidden rounded-xl border-2 ${current === i ? "border-accent" : "border-transparent"}`}
              >
                <img
                  src={src(i)}
                  alt=""
                  width={200}
                  height={200}
                  loading="lazy"
                  decoding="async"
                  onError={onError(i)}
                  className="aspect-square w-full object-cover"
                />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
