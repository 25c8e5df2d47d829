import { useState } from "react";

type Props = { name: string; images: string[] };

const PLACEHOLDER =
  "data:image/svg+xml;utf8," +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 800 800"><rect width="800" height="800" fill="#f3eee9"/><circle cx="400" cy="380" r="120" fill="#e7e0da"/></svg>',
  );

/** Main image and 3 thumbnails; a missing image falls back to a local placeholder. */
export function ProductGallery({ name, images }: Props) {
  const slots = [0, 1, 2].map((i) => images[i] ?? images[0] ?? PLACEHOLDER);
  const [current, setCurrent] = useState(0);
  const [failed, setFailed] = useState<Record<number, boolean>>({});
  const src = (i: number) => (failed[i] ? PLACEHOLDER : slots[i]);
  const onError = (i: number) => () => setFailed((f) => ({ ...f, [i]: true }));

  return (
    <div>
      <div className="overflow-hidden rounded-2xl bg-band">
        <img
          src={src(current)}
          alt={name}
          width={800}
          height={800}
          fetchPriority="high"
          decoding="async"
          onError={onError(current)}
          className="aspect-square w-full object-cover"
        />
      </div>
      <ul className="mt-4 grid grid-cols-3 gap-3" aria-label="Autres vues">
        {slots.map((_, i) => (
          <li key={i}>
            <button
              type="button"
              onClick={() => setCurrent(i)}
              aria-pressed={current === i}
              aria-label={`Vue ${i + 1} sur 3`}
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
    </div>
  );
}
