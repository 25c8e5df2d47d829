import type { ComponentType } from "react";
import { Link } from "react-router";
import { COPYRIGHT_YEAR, RETURNS_DAYS } from "~/lib/shop-rules";
import { useShippingSettings } from "~/components/layout/use-shipping-settings";
import { useSampleAllowances } from "~/components/layout/use-sample-allowances";
import { useShopContact } from "~/components/layout/use-shop-contact";
import { formatEurosCompact } from "~/lib/money";
import {
  FacebookIcon,
  InstagramIcon,
  LeafIcon,
  PinterestIcon,
  ReturnsIcon,
  ShieldIcon,
  SparklesIcon,
  TiktokIcon,
  type IconProps,
} from "~/components/ui/icons";
import { NewsletterForm } from "~/features/newsletter/newsletter-form";
import { openCookieBanner } from "~/components/layout/cookie-banner";
import { LanguageChoice } from "~/components/layout/language-choice";
import { T, useT, type MessageKey } from "~/components/ui/i18n";

type FooterLink = { to: string; label: MessageKey } | { to: string; text: string };

/** The shop's six universes (spec storefront §1); the footer is static, so they are listed here. */
export const FOOTER_CATEGORIES: readonly { name: string; slug: string }[] = [
  { name: "Parfums", slug: "parfums" },
  { name: "Soins Visage", slug: "soins-visage" },
  { name: "Maquillage", slug: "maquillage" },
  { name: "Accessoires", slug: "accessoires" },
  { name: "Soins Corps", slug: "soins-corps" },
  { name: "Cheveux", slug: "cheveux" },
];

const HELP_LINKS: FooterLink[] = [
  { to: "/service-client", label: "common.footer.link.customerService" },
  { to: "/faq", label: "common.footer.link.faq" },
  { to: "/livraison-retours", label: "common.footer.link.deliveryReturns" },
  { to: "/guide-tailles", label: "common.footer.link.sizeGuide" },
  { to: "/carte-cadeau", label: "common.footer.link.giftCard" },
  { to: "/beauty-pass", label: "common.footer.link.beautyPass" },
  { to: "/beauty-box", label: "common.footer.link.beautyBox" },
];

const INFO_LINKS: FooterLink[] = [
  { to: "/about", label: "common.footer.link.ourStory" },
  { to: "/conditions-generales", label: "common.footer.link.terms" },
  { to: "/politique-confidentialite", label: "common.footer.link.privacy" },
  { to: "/mentions-legales", label: "common.footer.link.legalNotice" },
  { to: "/politique-cookies", label: "common.footer.link.cookiePolicy" },
  { to: "/accessibilite", label: "common.footer.link.accessibility" },
];

const SOCIAL_LINKS: {
  href: string;
  name: string;
  Icon: ComponentType<IconProps>;
}[] = [
  {
    href: "https://www.facebook.com/aurore.beaute",
    name: "Facebook",
    Icon: FacebookIcon,
  },
  {
    href: "https://www.instagram.com/aurore.beaute",
    name: "Instagram",
    Icon: InstagramIcon,
  },
  {
    href: "https://www.pinterest.fr/aurorebeaute",
    name: "Pinterest",
    Icon: PinterestIcon,
  },
  {
    href: "https://www.tiktok.com/@aurore.beaute",
    name: "TikTok",
    Icon: TiktokIcon,
  },
];

const PROMISES: { Icon: ComponentType<IconProps>; text: MessageKey }[] = [
  { Icon: ShieldIcon, text: "common.footer.promise.securePayment" },
  { Icon: ReturnsIcon, text: "common.footer.promise.freeReturns" },
  { Icon: LeafIcon, text: "common.footer.promise.madeInFrance" },
  { Icon: SparklesIcon, text: "common.footer.promise.points" },
];

const linkClass = "inline-flex min-h-10 items-center text-sm text-white/85 hover:text-white hover:underline";

function LinkColumn({ title, links }: { title: string; links: FooterLink[] }) {
  const t = useT();
  return (
    <nav aria-label={title}>
      <h2 className="text-sm font-semibold tracking-wider text-white uppercase">{title}</h2>
      <ul className="mt-3">
        {links.map((link) => (
          <li key={link.to}>
            <Link to={link.to} className={linkClass}>
              {"label" in link ? t(link.label) : link.text}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export type SiteFooterProps = {
  /** Categories for the "Boutique" column; the six universes when omitted. */
  categories?: readonly { name: string; slug: string }[];
};

/** Site footer: promises, brand and contact, link columns, social links, cookie settings, credits. */
export function SiteFooter({ categories = FOOTER_CATEGORIES }: SiteFooterProps = {}) {
  // The free-delivery threshold edited in Paramètres (root loader).
  const freeFrom = formatEurosCompact(useShippingSettings().freeThresholdCents);
  const samples = useSampleAllowances();
  const contact = useShopContact();
  const t = useT();
  // Category names are catalogue data: they stay as the shop wrote them (decision 044).
  const shopLinks: FooterLink[] = [
    { to: "/products", label: "common.footer.link.allProducts" },
    ...categories.map((category) => ({
      to: `/category/${category.slug}`,
      text: category.name,
    })),
    { to: "/marques", label: "common.footer.link.brands" },
  ];

  return (
    <footer className="bg-ink text-white">
      <ul className="mx-auto grid max-w-7xl grid-cols-1 gap-4 border-b border-white/15 px-4 py-6 text-sm sm:grid-cols-2 lg:grid-cols-4">
        {PROMISES.map(({ Icon, text }) => (
          <li key={text} className="flex items-center gap-3">
            <Icon className="h-6 w-6 shrink-0 text-accent-soft" />
            {t(text, { days: RETURNS_DAYS })}
          </li>
        ))}
      </ul>

      <div className="mx-auto grid max-w-7xl grid-cols-2 gap-x-6 gap-y-10 px-4 py-12 md:grid-cols-3 lg:grid-cols-[1.4fr_1fr_1fr_1fr]">
        <div className="col-span-2 md:col-span-3 lg:col-span-1">
          <p className="font-display text-2xl font-bold tracking-[0.2em]">AURORE</p>
          <p className="mt-3 max-w-sm text-sm text-white/85">{t("common.footer.about", { freeFrom, ...samples })}</p>
          <address className="mt-5 space-y-1 text-sm text-white/85 not-italic">
            <p>Aurore Beauté</p>
            <p>{contact.address}</p>
            <p>{t("common.footer.phone", { phone: contact.phone })}</p>
            <p>{t("common.footer.email", { email: contact.email })}</p>
          </address>
          <ul className="mt-5 flex gap-2" aria-label={t("common.footer.social")}>
            {SOCIAL_LINKS.map(({ href, name, Icon }) => (
              <li key={name}>
                <a
                  href={href}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="flex h-11 w-11 items-center justify-center rounded-full border border-white/30 text-white hover:border-white hover:bg-white/10"
                >
                  <Icon className="h-5 w-5" />
                  <span className="sr-only">{t("common.footer.socialLink", { name })}</span>
                </a>
              </li>
            ))}
          </ul>
        </div>
        <LinkColumn title={t("common.footer.column.shop")} links={shopLinks} />
        <LinkColumn title={t("common.footer.column.help")} links={HELP_LINKS} />
        <LinkColumn title={t("common.footer.column.info")} links={INFO_LINKS} />
      </div>

      <section aria-labelledby="footer-newsletter" className="border-t border-white/15">
        <div className="mx-auto flex max-w-7xl flex-col gap-4 px-4 py-8 md:flex-row md:items-end md:justify-between">
          <div>
            <h2 id="footer-newsletter" className="text-sm font-semibold tracking-wider text-white uppercase">
              {t("common.footer.newsletter")}
            </h2>
            <p className="mt-2 max-w-md text-sm text-white/85">
              {t("common.footer.newsletterText", { offer: t("common.footer.newsletterOffer") })}
            </p>
          </div>
          <NewsletterForm tone="dark" />
        </div>
      </section>

      <div className="border-t border-white/15">
        <div className="mx-auto flex max-w-7xl flex-col gap-3 px-4 py-6 text-sm text-white/85 sm:flex-row sm:items-center sm:justify-between">
          <p>{t("common.footer.copyright", { year: COPYRIGHT_YEAR })}</p>
          <LanguageChoice />
          <button
            type="button"
            onClick={openCookieBanner}
            className="inline-flex min-h-10 items-center self-start text-white underline underline-offset-4 hover:text-accent-soft sm:self-auto"
          >
            {t("common.footer.manageCookies")}
          </button>
          <p>
            <T k="common.footer.credits" components={{ 0: <span className="font-semibold text-white" /> }} />
          </p>
        </div>
      </div>
    </footer>
  );
}
