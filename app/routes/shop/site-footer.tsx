import type { ComponentType } from "react";
import { Link } from "react-router";
import { COPYRIGHT_YEAR, RETURNS_DAYS } from "~/lib/shop-rules";
import { useShippingSettings } from "~/components/layout/use-shipping-settings";
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
import { NEWSLETTER_WELCOME_OFFER } from "~/domain/newsletter/newsletter.rules";
import { openCookieBanner } from "~/components/layout/cookie-banner";

type FooterLink = { to: string; label: string };

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
  { to: "/service-client", label: "Service client" },
  { to: "/faq", label: "FAQ" },
  { to: "/livraison-retours", label: "Livraison & retours" },
  { to: "/guide-tailles", label: "Guide des tailles" },
  { to: "/carte-cadeau", label: "Carte cadeau" },
  { to: "/beauty-pass", label: "Beauty Pass" },
];

const INFO_LINKS: FooterLink[] = [
  { to: "/about", label: "Notre histoire" },
  { to: "/conditions-generales", label: "Conditions générales" },
  { to: "/politique-confidentialite", label: "Politique de confidentialité" },
  { to: "/mentions-legales", label: "Mentions légales" },
  { to: "/politique-cookies", label: "Politique cookies" },
  { to: "/accessibilite", label: "Accessibilité" },
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

const PROMISES = [
  { Icon: ShieldIcon, text: "Paiement sécurisé SSL et 3D Secure" },
  { Icon: ReturnsIcon, text: `Retours gratuits sous ${RETURNS_DAYS} jours` },
  { Icon: LeafIcon, text: "Parfums fabriqués en France" },
  { Icon: SparklesIcon, text: "1 € dépensé = 1 point Beauty Pass" },
];

const linkClass = "inline-flex min-h-10 items-center text-sm text-white/85 hover:text-white hover:underline";

function LinkColumn({ title, links }: { title: string; links: FooterLink[] }) {
  return (
    <nav aria-label={title}>
      <h2 className="text-sm font-semibold tracking-wider text-white uppercase">{title}</h2>
      <ul className="mt-3">
        {links.map((link) => (
          <li key={link.to}>
            <Link to={link.to} className={linkClass}>
              {link.label}
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
  const contact = useShopContact();
  const shopLinks: FooterLink[] = [
    { to: "/products", label: "Tous les produits" },
    ...categories.map((category) => ({
      to: `/category/${category.slug}`,
      label: category.name,
    })),
    { to: "/marques", label: "Nos marques" },
  ];

  return (
    <footer className="bg-ink text-white">
      <ul className="mx-auto grid max-w-7xl grid-cols-1 gap-4 border-b border-white/15 px-4 py-6 text-sm sm:grid-cols-2 lg:grid-cols-4">
        {PROMISES.map(({ Icon, text }) => (
          <li key={text} className="flex items-center gap-3">
            <Icon className="h-6 w-6 shrink-0 text-accent-soft" />
            {text}
          </li>
        ))}
      </ul>

      <div className="mx-auto grid max-w-7xl grid-cols-2 gap-x-6 gap-y-10 px-4 py-12 md:grid-cols-3 lg:grid-cols-[1.4fr_1fr_1fr_1fr]">
        <div className="col-span-2 md:col-span-3 lg:col-span-1">
          <p className="font-display text-2xl font-bold tracking-[0.2em]">AURORE</p>
          <p className="mt-3 max-w-sm text-sm text-white/85">
            Parfums, soins et maquillage choisis avec exigence. Livraison 48H offerte dès {freeFrom}, échantillons surprise dans chaque
            commande et points Beauty Pass à chaque achat.
          </p>
          <address className="mt-5 space-y-1 text-sm text-white/85 not-italic">
            <p>Aurore Beauté</p>
            <p>{contact.address}</p>
            <p>Téléphone : {contact.phone}</p>
            <p>E-mail : {contact.email}</p>
          </address>
          <ul className="mt-5 flex gap-2" aria-label="Réseaux sociaux">
            {SOCIAL_LINKS.map(({ href, name, Icon }) => (
              <li key={name}>
                <a
                  href={href}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="flex h-11 w-11 items-center justify-center rounded-full border border-white/30 text-white hover:border-white hover:bg-white/10"
                >
                  <Icon className="h-5 w-5" />
                  <span className="sr-only">{`Aurore sur ${name} (nouvel onglet)`}</span>
                </a>
              </li>
            ))}
          </ul>
        </div>
        <LinkColumn title="Boutique" links={shopLinks} />
        <LinkColumn title="Aide" links={HELP_LINKS} />
        <LinkColumn title="Informations" links={INFO_LINKS} />
      </div>

      <section aria-labelledby="footer-newsletter" className="border-t border-white/15">
        <div className="mx-auto flex max-w-7xl flex-col gap-4 px-4 py-8 md:flex-row md:items-end md:justify-between">
          <div>
            <h2 id="footer-newsletter" className="text-sm font-semibold tracking-wider text-white uppercase">
              Newsletter
            </h2>
            <p className="mt-2 max-w-md text-sm text-white/85">
              Nouveautés, conseils beauté et offres exclusives : {NEWSLETTER_WELCOME_OFFER} après confirmation de votre inscription.
            </p>
          </div>
          <NewsletterForm tone="dark" />
        </div>
      </section>

      <div className="border-t border-white/15">
        <div className="mx-auto flex max-w-7xl flex-col gap-3 px-4 py-6 text-sm text-white/85 sm:flex-row sm:items-center sm:justify-between">
          <p>© {COPYRIGHT_YEAR} Aurore. Tous droits réservés.</p>
          <button
            type="button"
            onClick={openCookieBanner}
            className="inline-flex min-h-10 items-center self-start text-white underline underline-offset-4 hover:text-accent-soft sm:self-auto"
          >
            Gérer les cookies
          </button>
          <p>
            Conçu par l'agence <span className="font-semibold text-white">Studio Lumen</span>
          </p>
        </div>
      </div>
    </footer>
  );
}
