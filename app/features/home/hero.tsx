import { Link } from "react-router";
import { RETURNS_DAYS } from "~/lib/shop-rules";
import { useShippingSettings } from "~/components/layout/use-shipping-settings";
import { useSampleAllowances } from "~/components/layout/use-sample-allowances";
import type { SampleAllowances } from "~/domain/samples/sample-allowances";
import { formatEurosCompact } from "~/lib/money";
import { GiftIcon, ReturnsIcon, ShieldIcon, TruckIcon } from "~/components/ui/icons";
import { buttonClass } from "~/components/ui/button";
import { useT, type Translate } from "~/components/ui/i18n";

/** The threshold is the one edited in Paramètres (root loader). */
const benefitsFor = (freeThresholdCents: number, samples: SampleAllowances, t: Translate) => [
  { Icon: TruckIcon, text: t("common.header.freeDeliveryFrom", { freeFrom: formatEurosCompact(freeThresholdCents) }) },
  { Icon: ReturnsIcon, text: t("common.footer.promise.freeReturns", { days: RETURNS_DAYS }) },
  { Icon: ShieldIcon, text: t("shop.home.securePayment") },
  { Icon: GiftIcon, text: t("shop.home.freeSamples", samples) },
];

/** Abstract perfume bottles drawn in SVG: no image file, fixed aspect ratio, nothing to load. */
function HeroArt() {
  return (
    <div aria-hidden="true" className="relative mx-auto aspect-square w-full max-w-md">
      <div className="absolute inset-6 rounded-full bg-gradient-to-br from-accent-soft via-white to-band" />
      <div className="absolute top-4 right-6 h-24 w-24 rounded-full bg-gradient-to-br from-gold/30 to-transparent blur-xl" />
      <svg viewBox="0 0 400 400" className="absolute inset-0 h-full w-full">
        <defs>
          <linearGradient id="hero-glass" x1="0" y1="0" x2="1" y2="1">
            <stop offset="0" stopColor="#fde7ec" />
            <stop offset="1" stopColor="#9f1239" stopOpacity="0.75" />
          </linearGradient>
          <linearGradient id="hero-glass-2" x1="0" y1="0" x2="0" y2="1">
            <stop offset="0" stopColor="#ffffff" />
            <stop offset="1" stopColor="#e7e0da" />
          </linearGradient>
          <linearGradient id="hero-gold" x1="0" y1="0" x2="1" y2="0">
            <stop offset="0" stopColor="#7c5e10" />
            <stop offset="0.5" stopColor="#c9a447" />
            <stop offset="1" stopColor="#7c5e10" />
          </linearGradient>
        </defs>
        {/* Tall bottle */}
        <rect x="150" y="70" width="40" height="34" rx="4" fill="url(#hero-gold)" />
        <rect x="110" y="104" width="120" height="210" rx="26" fill="url(#hero-glass)" />
        <rect x="126" y="120" width="22" height="170" rx="11" fill="#ffffff" opacity="0.35" />
        <rect x="135" y="210" width="70" height="34" rx="4" fill="#ffffff" opacity="0.85" />
        {/* Round bottle */}
        <rect x="262" y="160" width="30" height="26" rx="4" fill="url(#hero-gold)" />
        <circle cx="277" cy="250" r="66" fill="url(#hero-glass-2)" stroke="#e7e0da" strokeWidth="2" />
        <circle cx="277" cy="250" r="44" fill="#fde7ec" opacity="0.8" />
        {/* Cream jar */}
        <rect x="40" y="272" width="84" height="16" rx="6" fill="url(#hero-gold)" />
        <rect x="36" y="288" width="92" height="48" rx="12" fill="#ffffff" stroke="#e7e0da" strokeWidth="2" />
        {/* Sparkles */}
        <path d="M330 90l6 16 16 6-16 6-6 16-6-16-16-6 16-6z" fill="#7c5e10" opacity="0.7" />
        <path d="M70 140l4 10 10 4-10 4-4 10-4-10-10-4 10-4z" fill="#9f1239" opacity="0.6" />
      </svg>
    </div>
  );
}

/** Home hero: headline, collection tag, two calls to action and the four shop promises. */
export function Hero() {
  const { freeThresholdCents } = useShippingSettings();
  const samples = useSampleAllowances();
  const t = useT();
  return (
    <section aria-labelledby="hero-titre" className="bg-gradient-to-br from-cream via-white to-accent-soft">
      <div className="mx-auto grid max-w-7xl items-center gap-8 px-4 pt-10 pb-8 md:grid-cols-2 md:pt-16 lg:pb-12">
        <div>
          <p className="inline-block rounded-full bg-accent-soft px-4 py-1.5 text-xs font-semibold tracking-wider text-accent-dark uppercase">
            {t("shop.home.collectionTag")}
          </p>
          <h1 id="hero-titre" className="mt-5 font-display text-4xl leading-tight font-bold tracking-wide text-ink sm:text-5xl lg:text-6xl">
            {t("shop.home.headline")}
          </h1>
          <p className="mt-4 max-w-lg text-base text-muted sm:text-lg">{t("shop.home.intro")}</p>
          <div className="mt-8 flex flex-wrap gap-3">
            <Link to="/products" className={buttonClass({ variant: "accent", size: "lg", className: "text-sm tracking-wider" })}>
              {t("shop.home.discover")}
            </Link>
            <Link
              to="/products?sort=newest"
              className="inline-flex min-h-12 items-center justify-center rounded-full border-2 border-ink px-8 text-sm font-semibold tracking-wider text-ink hover:bg-ink hover:text-white"
            >
              {t("shop.home.newArrivals")}
            </Link>
          </div>
        </div>
        <div className="hidden md:block">
          <HeroArt />
        </div>
      </div>
      <ul className="mx-auto grid max-w-7xl grid-cols-2 gap-3 px-4 pb-10 lg:grid-cols-4">
        {benefitsFor(freeThresholdCents, samples, t).map(({ Icon, text }) => (
          <li
            key={text}
            className="flex items-center gap-3 rounded-xl border border-line bg-white/80 px-3 py-3 text-sm font-medium text-ink"
          >
            <span className="flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-accent-soft text-accent">
              <Icon className="h-5 w-5" />
            </span>
            {text}
          </li>
        ))}
      </ul>
    </section>
  );
}
