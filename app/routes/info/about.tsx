import { Icon } from "~/components/ui/icons";
import { useSampleAllowances } from "~/components/layout/use-sample-allowances";
import type { Route } from "./+types/about";
import { absoluteUrl } from "~/.server/http";
import { ABOUT_TEAM } from "~/content/about";
import { useT, type MessageKey } from "~/components/ui/i18n";
import { RETURNS_DAYS } from "~/lib/shop-rules";
import { InfoPageHeader } from "~/features/info/components/info-page-header";
import { NewsletterForm } from "~/features/newsletter/newsletter-form";
import { RouteErrorBoundary } from "~/components/layout/route-error-boundary";
import { publicPageHeaders } from "~/lib/http-cache";
import { buildMeta } from "~/lib/seo";
import { metaI18n } from "~/components/ui/meta-i18n";

export async function loader() {
  return { canonical: absoluteUrl("/about") };
}

export const headers = publicPageHeaders;

export function meta({ data, matches }: Route.MetaArgs) {
  const { t, ogLocale } = metaI18n(matches);
  if (!data) return [{ title: `${t("common.meta.about.title")} | Aurore` }];
  return buildMeta({
    title: t("common.meta.about.title"),
    description: t("common.meta.about.description"),
    url: data.canonical,
    ogLocale,
  });
}

/** The page's texts, in the page's language (~/content/about keeps the French for other readers). */
const STORY: MessageKey[] = ["shop.about.story1", "shop.about.story2", "shop.about.story3"];
const VALUES: { icon: "sparkles" | "truck" | "heart"; title: MessageKey; text: MessageKey }[] = [
  { icon: "sparkles", title: "shop.about.value.qualityTitle", text: "shop.about.value.qualityText" },
  { icon: "truck", title: "shop.about.value.deliveryTitle", text: "shop.about.value.deliveryText" },
  { icon: "heart", title: "shop.about.value.refundTitle", text: "shop.about.value.refundText" },
];

export default function AboutPage() {
  const t = useT();
  // The story's promise of samples carries the numbers of Paramètres (decision 067).
  const samples = useSampleAllowances();
  return (
    <div>
      <InfoPageHeader title={t("shop.about.title")}>
        <p>{t("shop.about.intro")}</p>
      </InfoPageHeader>

      <div className="mx-auto max-w-5xl space-y-16 px-4 py-10 sm:px-6">
        <section aria-labelledby="about-story">
          <h2 id="about-story" className="font-display text-2xl">
            {t("shop.about.storyTitle")}
          </h2>
          <div className="mt-4 space-y-4 text-muted">
            {STORY.map((paragraph) => (
              <p key={paragraph}>{t(paragraph, samples)}</p>
            ))}
          </div>
        </section>

        <section aria-labelledby="about-values">
          <h2 id="about-values" className="font-display text-2xl">
            {t("shop.about.values")}
          </h2>
          <ul className="mt-6 grid gap-6 md:grid-cols-3">
            {VALUES.map((value) => (
              <li key={value.title} className="rounded-2xl border border-line bg-white p-6">
                <Icon name={value.icon} className="h-8 w-8 text-accent" />
                <h3 className="mt-3 text-lg font-semibold">{t(value.title, { days: RETURNS_DAYS })}</h3>
                <p className="mt-2 text-muted">{t(value.text, { days: RETURNS_DAYS })}</p>
              </li>
            ))}
          </ul>
        </section>

        <section aria-labelledby="about-mission" className="rounded-2xl bg-band px-6 py-10">
          <h2 id="about-mission" className="font-display text-2xl">
            {t("shop.about.missionTitle")}
          </h2>
          <p className="mt-3 max-w-3xl text-muted">{t("shop.about.mission")}</p>
        </section>

        <section aria-labelledby="about-team">
          <h2 id="about-team" className="font-display text-2xl">
            {t("shop.about.team")}
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
                <p className="text-sm font-semibold text-accent">{t(`shop.about.member.${member.initials}.role` as MessageKey)}</p>
                <p className="mt-2 text-sm text-muted">{t(`shop.about.member.${member.initials}.bio` as MessageKey)}</p>
              </li>
            ))}
          </ul>
        </section>

        <section aria-labelledby="about-newsletter" className="rounded-2xl border border-line bg-cream px-6 py-10">
          <h2 id="about-newsletter" className="font-display text-2xl">
            {t("shop.about.newsletter")}
          </h2>
          <p className="mt-2 mb-6 text-muted">{t("common.footer.newsletterText", { offer: t("common.footer.newsletterOffer") })}</p>
          <NewsletterForm />
        </section>
      </div>
    </div>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
