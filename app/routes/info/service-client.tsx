import { useEffect, useRef, useState, type FormEvent, type MouseEvent } from "react";
import { useT } from "~/components/ui/i18n";
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
import { getShippingSettings } from "~/.server/modules/settings/shop-settings.service";
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
import { describeOpeningHours } from "~/domain/settings/shop-identity";
import { ChatCardAction } from "~/features/chat/components/chat-card";
import { metaI18n } from "~/components/ui/meta-i18n";

/** The card's glyph sits in its heading, before the title, on the text's baseline. */
const cardIconClass = "mr-2 inline-block h-5 w-5 align-[-0.2em] text-accent";
const FORM_ID = "formulaire-contact";
/** ?formulaire=ouvert opens the contact form without JavaScript (the e-mail card's link). */
const OPEN_PARAM = "formulaire";

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const faq = buildFaqCategories(await getShippingSettings(await getDb()));
  // The chat card lists the hours kept in Paramètres (decision 047).
  const identity = await getShopIdentity(await getDb());
  const chatHours = describeOpeningHours(identity.openingHours);
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
        formError: "Votre message n'a pas pu être envoyé. Veuillez réessayer dans un instant.",
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

/** The service cards; the threshold is the one edited in Paramètres. */
const servicesFor = (freeThresholdCents: number): readonly { title: string; text: string; link: { to: string; label: string } }[] => [
  {
    title: "Suivi de commande",
    text: "Retrouvez le statut de vos commandes à tout moment dans votre compte, rubrique Mes commandes.",
    link: { to: "/dashboard", label: "Mon compte" },
  },
  {
    title: "Livraison et retours",
    text: `Livraison 48H offerte dès ${formatEuros(freeThresholdCents)}, retours gratuits sous ${RETURNS_DAYS} jours.`,
    link: { to: "/livraison-retours", label: "Livraison et retours" },
  },
  {
    title: "Conseil beauté",
    text: "Nos conseillères vous aident à choisir un soin, un maquillage ou le parfum qui vous ressemble.",
    link: { to: "/guide-tailles", label: "Guide des tailles" },
  },
  {
    title: "Cartes cadeaux",
    text: "Offrez le choix avec une carte cadeau valable sur tout le site.",
    link: { to: "/carte-cadeau", label: "Carte cadeau" },
  },
];

const cardClass = "flex flex-col rounded-2xl border border-line bg-white p-6";
const inputClass = "mt-1 block min-h-11 w-full rounded-xl border bg-white px-3 py-2 text-ink placeholder:text-muted focus:border-accent";

export default function ServiceClientPage({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
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
        <p>Une question sur une commande, un produit ou votre Beauty Pass ? Notre équipe est là pour vous, 7j/7.</p>
      </InfoPageHeader>

      <div className="mx-auto max-w-5xl px-4 py-8 sm:px-6">
        <ul aria-label="Nos engagements" className="grid grid-cols-1 gap-4 sm:grid-cols-3">
          {SERVICE_CLAIMS.map((claim) => (
            <li key={claim.label} className="rounded-2xl bg-cream px-6 py-5 text-center">
              <span className="block font-display text-3xl font-bold text-accent">{claim.value}</span>
              <span className="mt-1 block text-sm text-ink">{claim.label}</span>
            </li>
          ))}
        </ul>

        <section aria-labelledby="nous-contacter" className="mt-12">
          <h2 id="nous-contacter" className="font-display text-2xl">
            Nous contacter
          </h2>
          <div className="mt-6 grid grid-cols-1 gap-4 md:grid-cols-3">
            <article className={cardClass} aria-labelledby="carte-chat">
              <h3 id="carte-chat" className="text-lg font-semibold">
                <Icon name="chat" className={cardIconClass} />
                Chat en direct
              </h3>
              <p className="mt-2 text-muted">Échangez en direct avec une conseillère beauté.</p>
              <dl className="mt-4 space-y-1 text-sm">
                {loaderData.chatHours.map((slot) => (
                  <div key={slot.days} className="flex flex-wrap gap-x-1">
                    <dt className="font-semibold">{slot.days}</dt>
                    <dd>{slot.hours}</dd>
                  </div>
                ))}
              </dl>
              <ChatCardAction contactFormHref={`?${OPEN_PARAM}=ouvert#${FORM_ID}`} />
            </article>

            <article className={cardClass} aria-labelledby="carte-telephone">
              <h3 id="carte-telephone" className="text-lg font-semibold">
                <Icon name="phone" className={cardIconClass} />
                Téléphone
              </h3>
              <p className="mt-2 text-muted">Un conseiller vous répond et suit votre demande jusqu'au bout.</p>
              <p className="mt-4">
                <a href={loaderData.contact.phoneHref} className="text-xl font-semibold text-accent hover:underline">
                  {loaderData.contact.phone}
                </a>
              </p>
              <p className="mt-1 text-sm text-muted">Prix d'un appel local</p>
            </article>

            <article className={cardClass} aria-labelledby="carte-email">
              <h3 id="carte-email" className="text-lg font-semibold">
                <Icon name="mail" className={cardIconClass} />
                E-mail
              </h3>
              <p className="mt-2 text-muted">Réponse sous 2 heures en moyenne, 7j/7.</p>
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
                  Écrire un message
                </Link>
              </div>
            </article>
          </div>
        </section>

        <section id={FORM_ID} hidden={!formOpen} aria-labelledby="ecrivez-nous" className="mt-12 scroll-mt-24">
          <h2 id="ecrivez-nous" ref={formHeadingRef} tabIndex={-1} className="font-display text-2xl outline-none">
            Écrivez-nous
          </h2>
          {actionData?.ok ? (
            <ContactSuccess ticketNumber={actionData.ticketNumber} />
          ) : (
            <ContactForm result={actionData && !actionData.ok ? actionData : undefined} />
          )}
        </section>

        <section aria-labelledby="nos-services" className="mt-12">
          <h2 id="nos-services" className="font-display text-2xl">
            Nos services
          </h2>
          <ul className="mt-6 grid grid-cols-1 gap-4 sm:grid-cols-2">
            {servicesFor(shipping.freeThresholdCents).map((service) => (
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
            Questions fréquentes
          </h2>
          <ul className="mt-6 grid grid-cols-1 gap-4 md:grid-cols-2">
            {loaderData.teasers.map((q) => (
              <li key={q.id} className={cardClass}>
                <h3 className="font-semibold">{q.question}</h3>
                <p className="mt-2 line-clamp-3 text-muted">{q.answer}</p>
                <Link
                  to={`/faq?category=${q.categorySlug}#${q.id}`}
                  className={`mt-3 inline-block ${textLinkClass}`}
                  aria-label={`Lire la réponse : ${q.question}`}
                >
                  Lire la réponse
                </Link>
              </li>
            ))}
          </ul>
          <p className="mt-6">
            <Link to="/faq" className={primaryLinkClass}>
              Voir toute la FAQ
            </Link>
          </p>
        </section>
      </div>
    </div>
  );
}

function ContactSuccess({ ticketNumber }: { ticketNumber: string }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    ref.current?.focus();
  }, []);
  return (
    <div ref={ref} tabIndex={-1} role="status" className="mt-6 rounded-2xl bg-band px-6 py-6 outline-none">
      <p className="font-semibold text-success">{CONTACT_SUCCESS_MESSAGE}</p>
      <p className="mt-2">
        Numéro de votre demande : <strong>{ticketNumber}</strong>
      </p>
      <p className="mt-4">
        <Link to={`/service-client?${OPEN_PARAM}=ouvert#${FORM_ID}`} className={textLinkClass}>
          Envoyer un autre message
        </Link>
      </p>
    </div>
  );
}

type FailedResult = Extract<ActionResult, { ok: false }>;

const FIELDS: readonly { name: ContactField; label: string; max: number; type?: string; autoComplete?: string }[] = [
  { name: "name", label: "Nom", max: CONTACT_NAME_MAX, autoComplete: "name" },
  { name: "email", label: "E-mail", max: CONTACT_EMAIL_MAX, type: "email", autoComplete: "email" },
  { name: "subject", label: "Sujet", max: CONTACT_SUBJECT_MAX },
];

function ContactForm({ result }: { result: FailedResult | undefined }) {
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
      <p className="text-sm text-muted">Tous les champs sont obligatoires.</p>
      {result?.formError && (
        <p role="alert" className="rounded-xl bg-accent-soft px-4 py-3 text-sm font-medium text-danger">
          {result.formError}
        </p>
      )}
      <div className="grid grid-cols-1 gap-5 sm:grid-cols-2">
        {FIELDS.map((field) => (
          <div key={field.name} className={field.name === "subject" ? "sm:col-span-2" : undefined}>
            <label htmlFor={`contact-${field.name}`} className="text-sm font-semibold">
              {field.label}
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
          Message
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
          {messageLength.toLocaleString("fr-FR")} / {CONTACT_MESSAGE_MAX.toLocaleString("fr-FR")} caractères
        </p>
        <FieldError field="message" message={errors.message} />
      </div>
      <button type="submit" disabled={busy} className={`${primaryLinkClass} w-full disabled:opacity-60 sm:w-auto`}>
        {busy ? "Envoi…" : "Envoyer le message"}
      </button>
    </Form>
  );
}

function FieldError({ field, message }: { field: ContactField; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={`contact-${field}-erreur`} className="mt-1 text-sm font-medium text-danger">
      {message}
    </p>
  );
}

function focusFirstInvalid(form: HTMLFormElement | null, errors: ContactFieldErrors) {
  const first = (["name", "email", "subject", "message"] as const).find((f) => errors[f]);
  if (first) form?.querySelector<HTMLElement>(`#contact-${first}`)?.focus();
}

export const ErrorBoundary = RouteErrorBoundary;
