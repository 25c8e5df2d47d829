import { useEffect, useState, type FocusEvent } from "react";
import { Link } from "react-router";
import type { CategoryView } from "~/domain/catalog/catalog.types";
import { CAROUSEL_INTERVAL_MS, CAROUSEL_ITEMS_PER_SLIDE } from "~/lib/shop-rules";
import { ChevronLeftIcon, ChevronRightIcon } from "~/components/ui/icons";
import { useT, type MessageKey } from "~/components/ui/i18n";

export type CarouselCategory = Pick<CategoryView, "id" | "name" | "slug"> & { description?: string | null };

export type CollectionsCarouselProps = { categories: readonly CarouselCategory[] };

const TAGLINES: Record<string, MessageKey> = {
  parfums: "shop.home.tagline.parfums",
  "soins-visage": "shop.home.tagline.soinsVisage",
  maquillage: "shop.home.tagline.maquillage",
  accessoires: "shop.home.tagline.accessoires",
  "soins-corps": "shop.home.tagline.soinsCorps",
  cheveux: "shop.home.tagline.cheveux",
};

/** Light abstract tiles (ink text stays above AA contrast on all of them). */
const TILE_STYLES = [
  "from-accent-soft via-cream to-white",
  "from-band via-white to-accent-soft",
  "from-cream via-band to-white",
  "from-white via-accent-soft to-band",
  "from-band via-cream to-accent-soft",
  "from-accent-soft via-white to-cream",
];

function chunk<T>(items: readonly T[], size: number): T[][] {
  const slides: T[][] = [];
  for (let i = 0; i < items.length; i += size) slides.push(items.slice(i, i + size));
  return slides;
}

function PauseIcon() {
  return (
    <svg viewBox="0 0 24 24" className="h-5 w-5" aria-hidden="true" focusable="false" fill="currentColor">
      <rect x="6.5" y="5" width="4" height="14" rx="1" />
      <rect x="13.5" y="5" width="4" height="14" rx="1" />
    </svg>
  );
}

function PlayIcon() {
  return (
    <svg viewBox="0 0 24 24" className="h-5 w-5" aria-hidden="true" focusable="false" fill="currentColor">
      <path d="M8 5.5v13a1 1 0 0 0 1.5.86l10.5-6.5a1 1 0 0 0 0-1.72L9.5 4.64A1 1 0 0 0 8 5.5Z" />
    </svg>
  );
}

const controlClass =
  "flex h-11 w-11 items-center justify-center rounded-full border border-line bg-white text-ink hover:border-accent hover:text-accent";

/**
 * "Nos univers": one tile per category, 3 per slide, auto-advancing every 5 s. Rotation stops
 * on hover, on keyboard focus, with the pause button and when the visitor prefers reduced motion.
 */
export function CollectionsCarousel({ categories }: CollectionsCarouselProps) {
  const slides = chunk(categories, CAROUSEL_ITEMS_PER_SLIDE);
  const slideCount = slides.length;
  const t = useT();
  const [index, setIndex] = useState(0);
  // Off in the server HTML; turned on after mount unless reduced motion is asked for.
  const [autoplay, setAutoplay] = useState(false);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const rotating = autoplay && !hovered && !focused && slideCount > 1;
  const current = slideCount === 0 ? 0 : Math.min(index, slideCount - 1);

  useEffect(() => {
    const query = window.matchMedia("(prefers-reduced-motion: reduce)");
    setAutoplay(!query.matches);
    const onChange = () => {
      if (query.matches) setAutoplay(false);
    };
    query.addEventListener("change", onChange);
    return () => query.removeEventListener("change", onChange);
  }, []);

  useEffect(() => {
    if (!rotating) return;
    const timer = setInterval(() => setIndex((i) => (i + 1) % slideCount), CAROUSEL_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [rotating, slideCount]);

  if (slideCount === 0) return null;

  const goTo = (target: number) => setIndex(((target % slideCount) + slideCount) % slideCount);

  // Keyboard focus pauses the rotation; a mouse click on a control does not (it would never resume).
  function onFocus(event: FocusEvent<HTMLElement>) {
    if (event.target.matches(":focus-visible")) setFocused(true);
  }

  function onBlur(event: FocusEvent<HTMLElement>) {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
  }

  return (
    <section
      aria-roledescription="carrousel"
      aria-label={t("shop.home.universes")}
      className="bg-band"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={onFocus}
      onBlur={onBlur}
    >
      <div className="mx-auto max-w-7xl px-4 py-12 sm:py-16">
        <div className="mb-6 flex flex-wrap items-end justify-between gap-4">
          <div>
            <h2 className="font-display text-3xl font-semibold text-ink sm:text-4xl">{t("shop.home.universes")}</h2>
            <p className="mt-2 text-sm text-muted sm:text-base">{t("shop.home.universesText")}</p>
          </div>
          {slideCount > 1 && (
            <div className="flex items-center gap-2">
              <button
                type="button"
                className={controlClass}
                aria-label={autoplay ? t("shop.home.pauseRotation") : t("shop.home.startRotation")}
                onClick={() => setAutoplay((on) => !on)}
              >
                {autoplay ? <PauseIcon /> : <PlayIcon />}
              </button>
              <button type="button" className={controlClass} aria-label={t("shop.home.previous")} onClick={() => goTo(current - 1)}>
                <ChevronLeftIcon />
              </button>
              <p className="min-w-12 text-center text-sm font-semibold text-ink tabular-nums">
                {current + 1} / {slideCount}
              </p>
              <button type="button" className={controlClass} aria-label={t("shop.home.next")} onClick={() => goTo(current + 1)}>
                <ChevronRightIcon />
              </button>
            </div>
          )}
        </div>

        <div className="overflow-hidden rounded-2xl" aria-live={rotating ? "off" : "polite"}>
          <div className="flex transition-transform duration-500 ease-out" style={{ transform: `translateX(-${current * 100}%)` }}>
            {slides.map((slide, slideIndex) => (
              <div
                key={slide.map((category) => category.id).join("-")}
                role="group"
                aria-roledescription="diapositive"
                aria-label={t("shop.home.slideOf", { index: slideIndex + 1, count: slideCount })}
                inert={slideIndex !== current}
                className="grid w-full shrink-0 grid-cols-1 gap-3 sm:grid-cols-3 sm:gap-5"
              >
                {slide.map((category) => {
                  const position = categories.indexOf(category);
                  return (
                    <Link
                      key={category.id}
                      to={`/category/${category.slug}`}
                      className={`group relative flex h-28 flex-col justify-end overflow-hidden rounded-2xl border border-line bg-gradient-to-br p-5 sm:h-56 ${
                        TILE_STYLES[position % TILE_STYLES.length]
                      }`}
                    >
                      <span
                        aria-hidden="true"
                        className="absolute -top-10 -right-10 h-32 w-32 rounded-full bg-accent/10 transition-transform duration-500 group-hover:scale-125 sm:h-44 sm:w-44"
                      />
                      <span
                        aria-hidden="true"
                        className="absolute top-6 right-16 h-10 w-10 rounded-full border-2 border-gold/30 sm:top-10 sm:right-24 sm:h-16 sm:w-16"
                      />
                      <span className="relative font-display text-xl font-semibold text-ink sm:text-2xl">{category.name}</span>
                      <span className="relative mt-1 text-sm text-muted">
                        {TAGLINES[category.slug] ? t(TAGLINES[category.slug]) : (category.description ?? t("shop.home.discoverUniverse"))}
                      </span>
                    </Link>
                  );
                })}
              </div>
            ))}
          </div>
        </div>

        {slideCount > 1 && (
          <ul className="mt-5 flex justify-center gap-1" aria-label={t("shop.home.slides")}>
            {slides.map((_, slideIndex) => (
              <li key={slideIndex}>
                <button
                  type="button"
                  aria-label={t("shop.home.goToSlide", { index: slideIndex + 1 })}
                  aria-current={slideIndex === current ? "true" : undefined}
                  onClick={() => goTo(slideIndex)}
                  className="group flex h-11 w-11 items-center justify-center rounded-full"
                >
                  <span
                    aria-hidden="true"
                    className={`block h-2.5 rounded-full transition-all ${
                      slideIndex === current ? "w-7 bg-accent" : "w-2.5 bg-muted/70 group-hover:bg-muted"
                    }`}
                  />
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
