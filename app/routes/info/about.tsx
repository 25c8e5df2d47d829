import { Icon } from "~/components/ui/icons";
import type { Route } from "./+types/about";
import { absoluteUrl } from "~/.server/http";
import { ABOUT_INTRO, ABOUT_MISSION, ABOUT_STORY, ABOUT_TEAM, ABOUT_VALUES } from "~/content/about";
import { InfoPageHeader } from "~/features/info/components/info-page-header";
import { NewsletterForm } from "~/features/newsletter/newsletter-form";
import { NEWSLETTER_WELCOME_OFFER } from "~/domain/newsletter/newsletter.rules";
import { RouteErrorBoundary } from "~/components/layout/route-error-boundary";
import { publicPageHeaders } from "~/lib/http-cache";
import { buildMeta } from "~/lib/seo";

export async function loader() {
  return { canonical: absoluteUrl("/about") };
}

export const headers = publicPageHeaders;

export function meta({ data }: Route.MetaArgs) {
  if (!data) return [{ title: "Notre Histoire | Aurore" }];
  return buildMeta({
    title: "Notre Histoire",
    description:
      "L'histoire d'Aurore, boutique beauté en ligne : qualité premium, livraison en 24-48h partout en France et satisfait ou remboursé 30 jours.",
    url: data.canonical,
  });
}

export default function AboutPage() {
  return (
    <div>
      <InfoPageHeader title="Notre Histoire">
        <p>{ABOUT_INTRO}</p>
      </InfoPageHeader>

      <div className="mx-auto max-w-5xl space-y-16 px-4 py-10 sm:px-6">
        <section aria-labelledby="about-story">
          <h2 id="about-story" className="font-display text-2xl">
            Une passion devenue maison de beauté
          </h2>
          <div className="mt-4 space-y-4 text-muted">
            {ABOUT_STORY.map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
          </div>
        </section>

        <section aria-labelledby="about-values">
          <h2 id="about-values" className="font-display text-2xl">
            Nos valeurs
          </h2>
          <ul className="mt-6 grid gap-6 md:grid-cols-3">
            {ABOUT_VALUES.map((value) => (
              <li key={value.title} className="rounded-2xl border border-line bg-white p-6">
                <Icon name={value.icon} className="h-8 w-8 text-accent" />
                <h3 className="mt-3 text-lg font-semibold">{value.title}</h3>
                <p className="mt-2 text-muted">{value.text}</p>
              </li>
            ))}
          </ul>
        </section>

        <section aria-labelledby="about-mission" className="rounded-2xl bg-band px-6 py-10">
          <h2 id="about-mission" className="font-display text-2xl">
            Notre mission
          </h2>
          <p className="mt-3 max-w-3xl text-muted">{ABOUT_MISSION}</p>
        </section>

        <section aria-labelledby="about-team">
          <h2 id="about-team" className="font-display text-2xl">
            Notre équipe
          </h2>
          <ul className="mt-6 grid gap-6 md:grid-cols-3">
            {ABOUT_TEAM.map((member) => (
              <li key={member.name} className="rounded-2xl border border-line bg-white p-6 text-center">
                <span
                  aria-hidden="true"
                  className="mx-auto flex h-20 w-20 items-center justify-center rounded-full bg-accent font-display text-2xl font-bold text-white"
                >
                  {member.initials}
                </span>
                <h3 className="mt-4 text-lg font-semibold">{member.name}</h3>
                <p className="text-sm font-semibold text-accent">{member.role}</p>
                <p className="mt-2 text-sm text-muted">{member.bio}</p>
              </li>
            ))}
          </ul>
        </section>

        <section aria-labelledby="about-newsletter" className="rounded-2xl border border-line bg-cream px-6 py-10">
          <h2 id="about-newsletter" className="font-display text-2xl">
            Rejoignez notre newsletter
          </h2>
          <p className="mt-2 mb-6 text-muted">
            Nouveautés, conseils beauté et offres exclusives : {NEWSLETTER_WELCOME_OFFER} après confirmation de votre inscription.
          </p>
          <NewsletterForm />
        </section>
      </div>
    </div>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
