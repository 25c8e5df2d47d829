import { TruckIcon } from "~/components/ui/icons";
import { T, useT, useTranslateMessage, type MessageKey } from "~/components/ui/i18n";
import { Link } from "react-router";
import type { Route } from "./+types/livraison-retours";
import { absoluteUrl } from "~/.server/http";
import { getDb } from "~/.server/db";
import { getShippingSettings } from "~/.server/modules/delivery/shipping-settings.service";
import { CARRIERS, deliveryMethodCards, deliveryZones } from "~/content/delivery";
import { listDeliveryMethods } from "~/.server/modules/delivery/delivery-methods.service";
import { InfoPageHeader, primaryLinkClass, textLinkClass } from "~/features/info/components/info-page-header";
import { RouteErrorBoundary } from "~/components/layout/route-error-boundary";
import { publicPageHeaders } from "~/lib/http-cache";
import { ORDER_CHANGE_WINDOW_HOURS, RETURN_REFUND_MAX_DAYS, RETURN_REFUND_MIN_DAYS, RETURNS_DAYS, WITHDRAWAL_DAYS } from "~/lib/shop-rules";
import { formatEuros } from "~/content/shop-facts";
import { buildMeta } from "~/lib/seo";
import { metaI18n } from "~/components/ui/meta-i18n";

/** The delivery methods edited in Paramètres (the meta description needs the threshold too). */
export async function loader(_: Route.LoaderArgs) {
  const db = await getDb();
  return { canonical: absoluteUrl("/livraison-retours"), shipping: await getShippingSettings(db), methods: await listDeliveryMethods(db) };
}

export const headers = publicPageHeaders;

export function meta({ data, matches }: Route.MetaArgs) {
  const { t, ogLocale } = metaI18n(matches);
  if (!data) return [{ title: `${t("common.meta.delivery.title")} | Aurore` }];
  return buildMeta({
    title: t("common.meta.delivery.title"),
    description: t("common.meta.delivery.description", { threshold: formatEuros(data.shipping.freeThresholdCents), days: RETURNS_DAYS }),
    url: data.canonical,
    ogLocale,
  });
}

/** The return steps, conditions and exceptions, in the page's language (decision 044). */
const RETURN_STEPS: { title: MessageKey; text: MessageKey; link?: { to: string; label: MessageKey } }[] = [
  {
    title: "shop.info.delivery.step1Title",
    text: "shop.info.delivery.step1Text",
    link: { to: "/dashboard", label: "shop.info.delivery.step1Link" },
  },
  { title: "shop.info.delivery.step2Title", text: "shop.info.delivery.step2Text" },
  { title: "shop.info.delivery.step3Title", text: "shop.info.delivery.step3Text" },
  { title: "shop.info.delivery.step4Title", text: "shop.info.delivery.step4Text" },
];
const RETURN_CONDITIONS: MessageKey[] = [
  "shop.info.delivery.condition1",
  "shop.info.delivery.condition2",
  "shop.info.delivery.condition3",
  "shop.info.delivery.condition4",
];
const RETURN_EXCEPTIONS: MessageKey[] = ["shop.info.delivery.exception1", "shop.info.delivery.exception2", "shop.info.delivery.exception3"];
const RETURN_VALUES = { days: RETURNS_DAYS, min: RETURN_REFUND_MIN_DAYS, max: RETURN_REFUND_MAX_DAYS };

export default function DeliveryReturnsPage({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const translateMessage = useTranslateMessage();
  const { shipping, methods } = loaderData;
  const cards = deliveryMethodCards(methods, t);
  return (
    <div>
      <InfoPageHeader title={t("shop.info.deliveryTitle")}>
        <p>
          {t("shop.info.delivery.intro", {
            count: Math.max(cards.length, 1),
            threshold: formatEuros(shipping.freeThresholdCents),
            days: RETURNS_DAYS,
          })}
        </p>
      </InfoPageHeader>

      <div className="mx-auto max-w-5xl space-y-14 px-4 py-10 sm:px-6">
        <section aria-labelledby="livraison">
          <h2 id="livraison" className="font-display text-2xl">
            {t("shop.info.delivery.heading")}
          </h2>
          <ul className="mt-6 grid grid-cols-1 gap-4 lg:grid-cols-3">
            {cards.map((card) => (
              <li key={card.name} className="rounded-2xl border border-line bg-white p-6">
                <h3 className="flex items-center gap-2 text-xl font-semibold">
                  <TruckIcon className="h-6 w-6 shrink-0 text-accent" />
                  {translateMessage(card.name)}
                </h3>
                <p className="mt-2 font-semibold text-success">{card.headline}</p>
                <p className="mt-1 text-sm text-muted">{card.price}</p>
                <ul className="mt-4 list-disc space-y-2 pl-5 text-sm">
                  {card.details.map((detail) => (
                    <li key={detail}>{detail}</li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
          <p className="mt-4 text-sm text-muted">{t("shop.info.delivery.orderChangeNote", { hours: ORDER_CHANGE_WINDOW_HOURS })}</p>

          <h3 className="mt-10 text-xl font-semibold">{t("shop.info.delivery.zonesTitle")}</h3>
          <p className="mt-4 text-xs text-muted sm:hidden">{t("shop.info.delivery.scrollHint")}</p>
          <div
            role="region"
            aria-label={t("shop.info.delivery.tableLabel")}
            tabIndex={0}
            className="mt-2 overflow-x-auto rounded-2xl border border-line sm:mt-4"
          >
            <table className="w-full min-w-[36rem] border-collapse text-left text-sm">
              <caption className="sr-only">{t("shop.info.delivery.tableCaption")}</caption>
              <thead className="bg-band">
                <tr>
                  <th scope="col" className="px-4 py-3 font-semibold">
                    {t("shop.info.delivery.colZone")}
                  </th>
                  <th scope="col" className="px-4 py-3 font-semibold">
                    {t("shop.info.delivery.colDelay")}
                  </th>
                  <th scope="col" className="px-4 py-3 font-semibold">
                    {t("shop.info.delivery.colFee")}
                  </th>
                  <th scope="col" className="px-4 py-3 font-semibold">
                    {t("shop.info.delivery.colNote")}
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-line bg-white">
                {deliveryZones(shipping, methods, t).map((zone) => (
                  <tr key={zone.zone}>
                    <th scope="row" className="px-4 py-3 font-semibold">
                      {translateMessage(zone.zone)}
                    </th>
                    <td className="px-4 py-3">{zone.delay}</td>
                    <td className="px-4 py-3">{zone.fee}</td>
                    <td className="px-4 py-3 text-muted">{zone.note}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <p className="mt-3 text-sm text-muted">{t("shop.info.delivery.carriers", { carriers: CARRIERS.join(", ") })}</p>
        </section>

        <section aria-labelledby="retours">
          <h2 id="retours" className="font-display text-2xl">
            {t("shop.info.delivery.returnsTitle")}
          </h2>
          <ol className="mt-6 grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4">
            {RETURN_STEPS.map((step, index) => (
              <li key={step.title} className="rounded-2xl bg-cream p-6">
                <span
                  aria-hidden="true"
                  className="flex h-10 w-10 items-center justify-center rounded-full bg-accent font-semibold text-white"
                >
                  {index + 1}
                </span>
                <h3 className="mt-4 font-semibold">
                  <span className="sr-only">{t("shop.info.delivery.stepLabel", { n: index + 1 })}</span>
                  {t(step.title)}
                </h3>
                <p className="mt-2 text-sm text-muted">{t(step.text, RETURN_VALUES)}</p>
                {step.link && (
                  <Link to={step.link.to} className={`mt-3 inline-block text-sm ${textLinkClass}`}>
                    {t(step.link.label)}
                  </Link>
                )}
              </li>
            ))}
          </ol>
        </section>

        <div className="grid grid-cols-1 gap-8 md:grid-cols-2">
          <section aria-labelledby="conditions-retour">
            <h2 id="conditions-retour" className="font-display text-2xl">
              {t("shop.info.delivery.conditionsTitle")}
            </h2>
            <ul className="mt-4 list-disc space-y-2 pl-5">
              {RETURN_CONDITIONS.map((condition) => (
                <li key={condition}>{t(condition, RETURN_VALUES)}</li>
              ))}
            </ul>
          </section>
          <section aria-labelledby="exceptions-retour">
            <h2 id="exceptions-retour" className="font-display text-2xl">
              {t("shop.info.delivery.exceptionsTitle")}
            </h2>
            <ul className="mt-4 list-disc space-y-2 pl-5">
              {RETURN_EXCEPTIONS.map((exception) => (
                <li key={exception}>{t(exception)}</li>
              ))}
            </ul>
          </section>
        </div>

        <section aria-labelledby="retractation" className="rounded-2xl border border-line bg-white p-6">
          <h2 id="retractation" className="font-display text-2xl">
            {t("shop.info.delivery.withdrawalTitle")}
          </h2>
          <p className="mt-3">
            <T
              k="shop.info.delivery.withdrawalText"
              values={{ withdrawalDays: WITHDRAWAL_DAYS, days: RETURNS_DAYS }}
              components={{ 0: <Link to="/conditions-generales" className={textLinkClass} /> }}
            />
          </p>
        </section>

        <section aria-labelledby="besoin-aide" className="rounded-2xl bg-band px-6 py-10 text-center">
          <h2 id="besoin-aide" className="font-display text-2xl">
            {t("shop.info.delivery.helpTitle")}
          </h2>
          <p className="mt-2 text-muted">{t("shop.info.delivery.helpText")}</p>
          <div className="mt-6 flex flex-wrap justify-center gap-3">
            <Link to="/service-client" className={primaryLinkClass}>
              {t("shop.info.delivery.contactLink")}
            </Link>
            <Link to="/faq?category=retours-echanges" className={`inline-flex min-h-11 items-center ${textLinkClass}`}>
              {t("shop.info.delivery.faqLink")}
            </Link>
          </div>
        </section>
      </div>
    </div>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
