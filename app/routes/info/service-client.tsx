import { useEffect, useRef, useState, type FormEvent, type MouseEvent } from "react";
import { T, useLanguage, useT, useTranslateMessage, type MessageKey, type Translate } from "~/components/ui/i18n";
import { data, Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/service-client";
import { getDb } from "~/.server/db";
import { hitFormLimit, requestKey, TOO_MANY_REQUESTS_MESSAGE } from "~/.server/limits/form-limits";
import { absoluteUrl } from "~/.server/http";
import { tryReadFormData } from "~/.server/forms";
import { getCurrentSession } from "~/.server/auth/session.server";
import { createContactTicket } from "~/.server/modules/support/support.service";
import { statusOf } from "~/.server/error-responses";
import { isDomainError } from "~/domain/errors";
import { getShippingSettings } from "~/.server/modules/delivery/shipping-settings.service";
import { buildFaqCategories, findFaqQuestion, FAQ_TEASER_IDS } from "~/content/faq";
import { SERVICE_CLAIMS, formatEuros } from "~/content/shop-facts";
import { contactDetailsOf } from "~/domain/settings/shop-contact";
import {
  CONTACT_EMAIL_MAX,
  CONTACT_MESSAGE_MAX,
  CONTACT_NAME_MAX,
  CONTACT_SUBJECT_MAX,
  CONTACT_SUCCESS_MESSAGE,
  ContactSchema,
  contactFieldErrors,
  readContactValues,
  type ContactField,
  type ContactFieldErrors,
  type ContactFormValues,
} from "~/domain/support/contact.schema";
import { InfoPageHeader, primaryLinkClass, textLinkClass } from "~/features/info/components/info-page-header";
import { Icon } from "~/components/ui/icons";
import { RouteErrorBoundary } from "~/components/layout/route-error-boundary";
import { noStore, publicPageHeaders } from "~/lib/http-cache";
import { RETURNS_DAYS } from "~/lib/shop-rules";
import { useShippingSettings } from "~/components/layout/use-shipping-settings";
import { buildMeta } from "~/lib/seo";
import { log } from "~/.server/logger";
import { getShopIdentity } from "~/.server/modules/settings/shop-identity.service";
import { groupOpeningHours, type OpeningHoursGroup } from "~/domain/settings/shop-identity";
import { LANGUAGE_LOCALES, type Language } from "~/domain/i18n/languages";
import { ChatCardAction } from "~/features/chat/components/chat-card";
import { metaI18n } from "~/components/ui/meta-i18n";
import { requestPageLanguage } from "~/.server/i18n/request-language";
import * as SHOP_MESSAGES from "~/domain/messages/shop";

/** The card's glyph sits in its heading, before the title, on the text's baseline. */
const cardIconClass = "mr-2 inline-block h-5 w-5 align-[-0.2em] text-accent";
const FORM_ID = "formulaire-contact";
/** ?formulaire=ouvert opens the contact form without JavaScript (the e-mail card's link). */
const OPEN_PARAM = "formulaire";

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const faq = buildFaqCategories(await getShippingSettings(await getDb()), await requestPageLanguage(request));
  // The chat card lists the hours kept in Paramètres (decision 047).
  const identity = await getShopIdentity(await getDb());
  const chatHours = groupOpeningHours(identity.openingHours);
  const teasers = FAQ_TEASER_IDS.map((id) => findFaqQuestion(id, faq))
    .filter((q) => q !== undefined)
    .map((q) => ({ id: q.id, question: q.question, answer: q.answer, categorySlug: q.category.slug }));
  return {
    formOpen: url.searchParams.get(OPEN_PARAM) === "ouvert",
    chatHours,
    teasers,
    canonical: absoluteUrl("/service-client"),
    contact: contactDetailsOf(identity),
  };
}

type ActionResult =
  { ok: true; ticketNumber: string } | { ok: false; fieldErrors: ContactFieldErrors; formError?: string; values: ContactFormValues };

export async function action({ request }: Route.ActionArgs) {
  const emptyValues: ContactFormValues = { name: "", email: "", subject: "", message: "" };
  // The body was bounded by the Node server while it was read (decision 023); the schema
  // then limits each field.
  const read = await tryReadFormData(request);
  if (!read.ok) {
    return data<ActionResult>(
      { ok: false, fieldErrors: {}, formError: read.message, values: emptyValues },
      { status: read.status, headers: noStore },
    );
  }
  const values = readContactValues(read.form);
  const parsed = ContactSchema.safeParse(values);
  if (!parsed.success) {
    return data<ActionResult>({ ok: false, fieldErrors: contactFieldErrors(parsed.error), values }, { status: 400, headers: noStore });
  }
  const limited = await hitFormLimit(await getDb(), "contact", requestKey(request));
  if (!limited.allowed) {
    return data<ActionResult>(
      { ok: false, fieldErrors: {}, formError: TOO_MANY_REQUESTS_MESSAGE, values },
      { status: 429, headers: { ...noStore, "Retry-After": String(limited.retryAfterSeconds) } },
    );
  }
  try {
    const session = await getCurrentSession(request);
    const ticket = await createContactTicket(await getDb(), { ...parsed.data, userId: session?.user.id ?? null });
    return data<ActionResult>({ ok: true, ticketNumber: ticket.ticketNumber }, { headers: noStore });
  } catch (error) {
    if (isDomainError(error)) {
      return data<ActionResult>({ ok: false, fieldErrors: error.fieldErrors ?? {}, values }, { status: statusOf(error), headers: noStore });
    }
    // Keep the shopper's text on the page rather than an error page.
    log.error({ err: error }, "support: contact ticket not stored");
    return data<ActionResult>(
      {
        ok: false,
        fieldErrors: {},
        formError: SHOP_MESSAGES.messageCouldNotSentTry,
        values,
      },
      { status: 503, headers: noStore },
    );
  }
}

/** The page itself may be shared-cached; the answer to a form post never is. */
export function headers({ actionHeaders }: Route.HeadersArgs) {
  const fromAction = actionHeaders.get("Cache-Control");
  return fromAction ? { "Cache-Control": fromAction } : publicPageHeaders();
}

export function meta({ data, matches }: Route.MetaArgs) {
  const { t, ogLocale } = metaI18n(matches);
  if (!data) return [{ title: `${t("common.meta.customerService.heading")} | Aurore` }];
  return buildMeta({
    title: t("common.meta.customerService.title"),
    description: t("common.meta.customerService.description"),
    url: data.canonical,
    ogLocale,
  });
}

/** The service cards, in the page's language; the threshold is the one edited in Paramètres. */
const servicesFor = (
  t: Translate,
  freeThresholdCents: number,
): readonly { title: string; text: string; link: { to: string; label: string } }[] => [
  {
    title: t("shop.serviceClient.service.ordersTitle"),
    text: t("shop.serviceClient.service.ordersText"),
    link: { to: "/dashboard", label: t("shop.serviceClient.service.ordersLink") },
  },
  {
    title: t("shop.serviceClient.service.deliveryTitle"),
    text: t("shop.serviceClient.service.deliveryText", { threshold: formatEuros(freeThresholdCents), days: RETURNS_DAYS }),
    link: { to: "/livraison-retours", label: t("shop.serviceClient.service.deliveryLink") },
  },
  {
    title: t("shop.serviceClient.service.adviceTitle"),
    text: t("shop.serviceClient.service.adviceText"),
    link: { to: "/guide-tailles", label: t("shop.serviceClient.service.adviceLink") },
  },
  {
    title: t("shop.serviceClient.service.giftCardsTitle"),
    text: t("shop.serviceClient.service.giftCardsText"),
    link: { to: "/carte-cadeau", label: t("shop.serviceClient.service.giftCardsLink") },
  },
];

/** The weekday names the hours use ("lundi", "Monday"), ISO numbering (1 = Monday). */
const weekdayKey = (weekday: number) => `shop.serviceClient.weekday.${weekday}` as MessageKey;

/** "9h", "9h30" in French; "9am", "9:30am" in English (Paris time, as Paramètres keeps it). */
function clockTime(time: string, language: Language): string {
  const [hours, minutes] = time.split(":");
  const hour = Number(hours);
  if (language === "fr") return minutes === "00" ? `${hour}h` : `${hour}h${minutes}`;
  const suffix = hour < 12 ? "am" : "pm";
  const twelve = hour % 12 === 0 ? 12 : hour % 12;
  return minutes === "00" ? `${twelve}${suffix}` : `${twelve}:${minutes}${suffix}`;
}

/** One line of the hours: "Du lundi au vendredi" "de 9h à 19h", "Saturday" "from 10am to 6pm". */
function openingHoursLine(group: OpeningHoursGroup, t: Translate, language: Language): { days: string; hours: string } {
  const days =
    group.from === group.to
      ? t("shop.serviceClient.hours.day", { day: t(weekdayKey(group.from)) })
      : t("shop.serviceClient.hours.days", { from: t(weekdayKey(group.from)), to: t(weekdayKey(group.to)) });
  const hours = t("shop.serviceClient.hours.time", { opens: clockTime(group.opens, language), closes: clockTime(group.closes, language) });
  return { days, hours };
}

const cardClass = "flex flex-col rounded-2xl border border-line bg-white p-6";
const inputClass = "mt-1 block min-h-11 w-full rounded-xl border bg-white px-3 py-2 text-ink placeholder:text-muted focus:border-accent";

export default function ServiceClientPage({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const language = useLanguage();
  const shipping = useShippingSettings();
  const [opened, setOpened] = useState(false);
  const formOpen = opened || loaderData.formOpen || actionData !== undefined;
  const formHeadingRef = useRef<HTMLHeadingElement>(null);

  function openForm(event: MouseEvent<HTMLAnchorElement>) {
    event.preventDefault();
    setOpened(true);
    // After the section is shown: move there and announce it.
    requestAnimationFrame(() => {
      formHeadingRef.current?.scrollIntoView({ block: "start" });
      formHeadingRef.current?.focus({ preventScroll: true });
    });
  }

  return (
    <div>
      <InfoPageHeader title={t("shop.info.customerServiceTitle")}>
        <p>{t("shop.serviceClient.intro")}</p>
      </InfoPageHeader>

      <div className="mx-auto max-w-5xl px-4 py-8 sm:px-6">
        <ul aria-label={t("shop.serviceClient.claimsLabel")} className="grid grid-cols-1 gap-4 sm:grid-cols-3">
          {SERVICE_CLAIMS.map((claim) => (
            <li key={claim.label} className="rounded-2xl bg-cream px-6 py-5 text-center">
              <span className="block font-display text-3xl font-bold text-accent">{t(claim.value)}</span>
              <span className="mt-1 block text-sm text-ink">{t(claim.label)}</span>
            </li>
          ))}
        </ul>

        <section aria-labelledby="nous-contacter" className="mt-12">
          <h2 id="nous-contacter" className="font-display text-2xl">
            {t("shop.serviceClient.contactTitle")}
          </h2>
          <div className="mt-6 grid grid-cols-1 gap-4 md:grid-cols-3">
            <article className={cardClass} aria-labelledby="carte-chat">
              <h3 id="carte-chat" className="text-lg font-semibold">
                <Icon name="chat" className={cardIconClass} />
                {t("shop.serviceClient.chatTitle")}
              </h3>
              <p className="mt-2 text-muted">{t("shop.serviceClient.chatText")}</p>
              <dl className="mt-4 space-y-1 text-sm">
                {loaderData.chatHours.map((group) => {
                  const line = openingHoursLine(group, t, language);
                  return (
                    <div key={group.from} className="flex flex-wrap gap-x-1">
                      <dt className="font-semibold">{line.days}</dt>
                      <dd>{line.hours}</dd>
                    </div>
                  );
                })}
              </dl>
              <ChatCardAction contactFormHref={`?${OPEN_PARAM}=ouvert#${FORM_ID}`} />
            </article>

            <article className={cardClass} aria-labelledby="carte-telephone">
              <h3 id="carte-telephone" className="text-lg font-semibold">
                <Icon name="phone" className={cardIconClass} />
                {t("shop.serviceClient.phoneTitle")}
              </h3>
              <p className="mt-2 text-muted">{t("shop.serviceClient.phoneText")}</p>
              <p className="mt-4">
                <a href={loaderData.contact.phoneHref} className="text-xl font-semibold text-accent hover:underline">
                  {loaderData.contact.phone}
                </a>
              </p>
              <p className="mt-1 text-sm text-muted">{t("shop.serviceClient.phoneCost")}</p>
            </article>

            <article className={cardClass} aria-labelledby="carte-email">
              <h3 id="carte-email" className="text-lg font-semibold">
                <Icon name="mail" className={cardIconClass} />
                {t("shop.serviceClient.emailTitle")}
              </h3>
              <p className="mt-2 text-muted">{t("shop.serviceClient.emailText")}</p>
              <p className="mt-4 font-semibold break-all">{loaderData.contact.email}</p>
              <div className="mt-auto pt-4">
                <Link
                  to={`?${OPEN_PARAM}=ouvert#${FORM_ID}`}
                  onClick={openForm}
                  aria-controls={FORM_ID}
                  aria-expanded={formOpen}
                  preventScrollReset
                  className={`${primaryLinkClass} w-full`}
                >
                  {t("shop.serviceClient.writeMessage")}
                </Link>
              </div>
            </article>
          </div>
        </section>

        <section id={FORM_ID} hidden={!formOpen} aria-labelledby="ecrivez-nous" className="mt-12 scroll-mt-24">
          <h2 id="ecrivez-nous" ref={formHeadingRef} tabIndex={-1} className="font-display text-2xl outline-none">
            {t("shop.serviceClient.formTitle")}
          </h2>
          {actionData?.ok ? (
            <ContactSuccess ticketNumber={actionData.ticketNumber} />
          ) : (
            <ContactForm result={actionData && !actionData.ok ? actionData : undefined} />
          )}
        </section>

        <section aria-labelledby="nos-services" className="mt-12">
          <h2 id="nos-services" className="font-display text-2xl">
            {t("shop.serviceClient.servicesTitle")}
          </h2>
          <ul className="mt-6 grid grid-cols-1 gap-4 sm:grid-cols-2">
            {servicesFor(t, shipping.freeThresholdCents).map((service) => (
              <li key={service.title} className="rounded-2xl bg-cream p-6">
                <h3 className="font-semibold">{service.title}</h3>
                <p className="mt-2 text-muted">{service.text}</p>
                <Link to={service.link.to} className={`mt-3 inline-block ${textLinkClass}`}>
                  {service.link.label}
                </Link>
              </li>
            ))}
          </ul>
        </section>

        <section aria-labelledby="questions-frequentes" className="mt-12">
          <h2 id="questions-frequentes" className="font-display text-2xl">
            {t("shop.serviceClient.faqTitle")}
          </h2>
          <ul className="mt-6 grid grid-cols-1 gap-4 md:grid-cols-2">
            {loaderData.teasers.map((q) => (
              <li key={q.id} className={cardClass}>
                <h3 className="font-semibold">{q.question}</h3>
                <p className="mt-2 line-clamp-3 text-muted">{q.answer}</p>
                <Link
                  to={`/faq?category=${q.categorySlug}#${q.id}`}
                  className={`mt-3 inline-block ${textLinkClass}`}
                  aria-label={t("shop.serviceClient.readAnswerLabel", { question: q.question })}
                >
                  {t("shop.serviceClient.readAnswer")}
                </Link>
              </li>
            ))}
          </ul>
          <p className="mt-6">
            <Link to="/faq" className={primaryLinkClass}>
              {t("shop.serviceClient.allFaq")}
            </Link>
          </p>
        </section>
      </div>
    </div>
  );
}

function ContactSuccess({ ticketNumber }: { ticketNumber: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const t = useT();
  const tm = useTranslateMessage();
  useEffect(() => {
    ref.current?.focus();
  }, []);
  return (
    <div ref={ref} tabIndex={-1} role="status" className="mt-6 rounded-2xl bg-band px-6 py-6 outline-none">
      <p className="font-semibold text-success">{tm(CONTACT_SUCCESS_MESSAGE)}</p>
      <p className="mt-2">
        <T k="shop.serviceClient.ticketNumber" values={{ ticket: ticketNumber }} components={{ 0: <strong /> }} />
      </p>
      <p className="mt-4">
        <Link to={`/service-client?${OPEN_PARAM}=ouvert#${FORM_ID}`} className={textLinkClass}>
          {t("shop.serviceClient.anotherMessage")}
        </Link>
      </p>
    </div>
  );
}

type FailedResult = Extract<ActionResult, { ok: false }>;

const FIELDS: readonly { name: ContactField; label: MessageKey; max: number; type?: string; autoComplete?: string }[] = [
  { name: "name", label: "shop.serviceClient.form.name", max: CONTACT_NAME_MAX, autoComplete: "name" },
  { name: "email", label: "shop.serviceClient.form.email", max: CONTACT_EMAIL_MAX, type: "email", autoComplete: "email" },
  { name: "subject", label: "shop.serviceClient.form.subject", max: CONTACT_SUBJECT_MAX },
];

function ContactForm({ result }: { result: FailedResult | undefined }) {
  const t = useT();
  const tm = useTranslateMessage();
  const locale = LANGUAGE_LOCALES[useLanguage()];
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formAction?.startsWith("/service-client") === true;
  const [clientErrors, setClientErrors] = useState<ContactFieldErrors | null>(null);
  const [messageLength, setMessageLength] = useState(result?.values.message.length ?? 0);
  const formRef = useRef<HTMLFormElement>(null);
  const errors = clientErrors ?? result?.fieldErrors ?? {};

  // A refusal from the server (or a new one): clear the browser's errors, focus the first field.
  useEffect(() => {
    if (!result) return;
    setClientErrors(null);
    focusFirstInvalid(formRef.current, result.fieldErrors);
  }, [result]);

  function validate(event: FormEvent<HTMLFormElement>) {
    const parsed = ContactSchema.safeParse(readContactValues(new FormData(event.currentTarget)));
    if (!parsed.success) {
      event.preventDefault();
      const fieldErrors = contactFieldErrors(parsed.error);
      setClientErrors(fieldErrors);
      focusFirstInvalid(event.currentTarget, fieldErrors);
      return;
    }
    setClientErrors(null);
  }

  const describedBy = (field: ContactField, extra?: string) =>
    [errors[field] ? `contact-${field}-erreur` : null, extra].filter(Boolean).join(" ") || undefined;

  return (
    <Form method="post" action="/service-client" noValidate onSubmit={validate} ref={formRef} className="mt-6 space-y-5">
      <p className="text-sm text-muted">{t("shop.serviceClient.form.allRequired")}</p>
      {result?.formError && (
        <p role="alert" className="rounded-xl bg-accent-soft px-4 py-3 text-sm font-medium text-danger">
          {tm(result.formError)}
        </p>
      )}
      <div className="grid grid-cols-1 gap-5 sm:grid-cols-2">
        {FIELDS.map((field) => (
          <div key={field.name} className={field.name === "subject" ? "sm:col-span-2" : undefined}>
            <label htmlFor={`contact-${field.name}`} className="text-sm font-semibold">
              {t(field.label)}
            </label>
            <input
              id={`contact-${field.name}`}
              name={field.name}
              type={field.type ?? "text"}
              autoComplete={field.autoComplete}
              required
              maxLength={field.max}
              defaultValue={result?.values[field.name]}
              aria-invalid={errors[field.name] ? true : undefined}
              aria-describedby={describedBy(field.name)}
              className={`${inputClass} ${errors[field.name] ? "border-danger" : "border-line"}`}
            />
            <FieldError field={field.name} message={errors[field.name]} />
          </div>
        ))}
      </div>
      <div>
        <label htmlFor="contact-message" className="text-sm font-semibold">
          {t("shop.serviceClient.form.message")}
        </label>
        <textarea
          id="contact-message"
          name="message"
          rows={6}
          required
          defaultValue={result?.values.message}
          onChange={(e) => setMessageLength(e.currentTarget.value.length)}
          aria-invalid={errors.message ? true : undefined}
          aria-describedby={describedBy("message", "contact-message-compteur")}
          className={`${inputClass} ${errors.message ? "border-danger" : "border-line"}`}
        />
        <p
          id="contact-message-compteur"
          className={`mt-1 text-right text-xs ${messageLength > CONTACT_MESSAGE_MAX ? "font-semibold text-danger" : "text-muted"}`}
        >
          {t("shop.serviceClient.form.counter", {
            count: messageLength.toLocaleString(locale),
            max: CONTACT_MESSAGE_MAX.toLocaleString(locale),
          })}
        </p>
        <FieldError field="message" message={errors.message} />
      </div>
      <button type="submit" disabled={busy} className={`${primaryLinkClass} w-full disabled:opacity-60 sm:w-auto`}>
        {busy ? t("shop.serviceClient.form.sending") : t("shop.serviceClient.form.send")}
      </button>
    </Form>
  );
}

function FieldError({ field, message }: { field: ContactField; message: string | undefined }) {
  const tm = useTranslateMessage();
  if (!message) return null;
  return (
    <p id={`contact-${field}-erreur`} className="mt-1 text-sm font-medium text-danger">
      {tm(message)}
    </p>
  );
}

function focusFirstInvalid(form: HTMLFormElement | null, errors: ContactFieldErrors) {
  const first = (["name", "email", "subject", "message"] as const).find((f) => errors[f]);
  if (first) form?.querySelector<HTMLElement>(`#contact-${first}`)?.focus();
}

export const ErrorBoundary = RouteErrorBoundary;
