import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { data, Form, useNavigation } from "react-router";
import type { Route } from "./+types/profile";
import { getCurrentSession, requireUser } from "~/.server/auth/session.server";
import { getDb } from "~/.server/db";
import type { Database } from "~/.server/db/client";
import { getProfile, updateProfile, type ProfileView } from "~/.server/modules/accounts/profile.service";
import { listOrders } from "~/.server/workflows/order-views";
import { RouteErrorBoundary } from "~/components/layout/route-error-boundary";
import { ProfileUpdateSchema } from "~/domain/account/profile.schema";
import { openAuthModal } from "~/features/auth/public/auth-modal-store";
import { OrderList } from "~/features/orders/components/order-list";
import type { OrderView } from "~/domain/orders/order.types";
import { BeautyPassCard } from "~/features/loyalty/components/beauty-pass-card";
import { loadLoyaltySummary } from "../account/tab-data/loyalty.server";
import { readFormData } from "~/.server/forms";
import { log } from "~/.server/logger";
import { localizedFormat } from "~/domain/i18n/localized-format";
import { useLanguage, useT, useTranslateMessage } from "~/components/ui/i18n";
import { useTimeZone } from "~/components/ui/time-zone";
import { metaI18n } from "~/components/ui/meta-i18n";
import * as SHOP_MESSAGES from "~/domain/messages/shop";

type ProfileField = "firstName" | "lastName" | "phone" | "dateOfBirth";
type ProfileErrors = Partial<Record<ProfileField, string>>;
type ProfileFormValues = Record<ProfileField, string>;

const PROFILE_FIELDS: readonly ProfileField[] = ["firstName", "lastName", "phone", "dateOfBirth"];

function readProfileForm(form: FormData): ProfileFormValues {
  const read = (name: ProfileField) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  return { firstName: read("firstName"), lastName: read("lastName"), phone: read("phone"), dateOfBirth: read("dateOfBirth") };
}

function profileErrorsFrom(issues: readonly { path: readonly PropertyKey[]; message: string }[]): ProfileErrors {
  const errors: ProfileErrors = {};
  for (const issue of issues) {
    const field = String(issue.path[0]) as ProfileField;
    if (PROFILE_FIELDS.includes(field)) errors[field] ??= issue.message;
  }
  return errors;
}

/** Signed out: the page still renders (401) and offers the login modal. */
export async function loader({ request }: Route.LoaderArgs) {
  const session = await getCurrentSession(request);
  if (!session) return data({ profile: null, orders: null, loyalty: null }, { status: 401 });
  const db = await getDb();
  const profile = await getProfile(db, session.user.id);
  if (!profile) throw data(SHOP_MESSAGES.profileNotFound, { status: 404 });
  const [orders, loyalty] = await Promise.all([loadOrderHistory(db, session.user.id), loadLoyaltySummary(db, session.user.id)]);
  return { profile, orders, loyalty };
}

/** The order history, or null when it failed to load (the section then says "Erreur de chargement"). */
async function loadOrderHistory(db: Database, userId: string): Promise<OrderView[] | null> {
  try {
    return await listOrders(db, userId);
  } catch (error) {
    log.error({ err: error }, "profile: orders failed to load");
    return null;
  }
}

/** Updates the signed-in user's own first name, last name, phone and birth date; the e-mail is read-only. */
export async function action({ request }: Route.ActionArgs) {
  const session = await requireUser(request);
  const values = readProfileForm(await readFormData(request));
  const parsed = ProfileUpdateSchema.safeParse(values);
  if (!parsed.success) {
    return data({ ok: false as const, errors: profileErrorsFrom(parsed.error.issues), values }, { status: 400 });
  }
  await updateProfile(await getDb(), session.user.id, parsed.data);
  return { ok: true as const };
}

export const headers = () => ({ "Cache-Control": "private, no-store" });

export function meta({ matches }: Route.MetaArgs) {
  const { t } = metaI18n(matches);
  return [{ title: `${t("common.meta.profile.title")} | Aurore` }, { name: "robots", content: "noindex" }];
}

export default function ProfilePage({ loaderData, actionData }: Route.ComponentProps) {
  const { profile, orders, loyalty } = loaderData;
  const t = useT();
  if (!profile) return <SignedOut />;
  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
      <h1 className="font-display text-3xl sm:text-4xl">{t("account.profilePage.title")}</h1>
      <PersonalInformation key={profile.id} profile={profile} actionData={actionData} />
      <BeautyPassCard summary={loyalty} />
      <OrderHistory orders={orders} />
    </div>
  );
}

/** "Historique des commandes": the same cards, detail modal and cancellation as the dashboard tab. */
function OrderHistory({ orders }: { orders: OrderView[] | null }) {
  const headingId = useId();
  const t = useT();
  return (
    <section aria-labelledby={headingId} className="mt-8 rounded-2xl border border-line bg-white p-6 sm:p-8">
      <h2 id={headingId} className="font-display text-2xl">
        {t("account.profilePage.orderHistory")}
      </h2>
      <OrderList orders={orders} />
    </section>
  );
}

function SignedOut() {
  const t = useT();
  return (
    <div className="mx-auto max-w-xl px-4 py-24 text-center">
      <h1 className="font-display text-3xl">{t("account.profilePage.unauthorized")}</h1>
      <p className="mt-4 text-muted">{t("account.profilePage.signInToView")}</p>
      <button
        type="button"
        onClick={() => openAuthModal("login")}
        className="mt-8 inline-flex min-h-11 items-center rounded-full bg-accent px-6 font-semibold text-white hover:bg-accent-dark"
      >
        {t("account.profilePage.signIn")}
      </button>
    </div>
  );
}

type ActionResult = Route.ComponentProps["actionData"];

/** Personal information: a read view and, after "Modifier", the edit form (same schema as the server). */
function PersonalInformation({ profile, actionData }: { profile: ProfileView; actionData: ActionResult }) {
  const t = useT();
  const translateMessage = useTranslateMessage();
  const format = localizedFormat(useLanguage(), useTimeZone());
  const optional = t("account.profilePage.optional");
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting" && navigation.formMethod?.toUpperCase() === "POST";
  const headingId = useId();
  const ids = useId();
  const editButton = useRef<HTMLButtonElement>(null);
  const formRef = useRef<HTMLFormElement>(null);

  const failed = actionData && !actionData.ok ? actionData : null;
  const [editing, setEditing] = useState(Boolean(failed));
  const [errors, setErrors] = useState<ProfileErrors>(failed?.errors ?? {});
  const [saved, setSaved] = useState(false);
  const [seenActionData, setSeenActionData] = useState(actionData);
  const wasEditing = useRef(editing);

  // A new answer from the action: success goes back to the view, errors stay in the form.
  if (actionData !== seenActionData) {
    setSeenActionData(actionData);
    if (actionData?.ok) {
      setEditing(false);
      setErrors({});
      setSaved(true);
    } else if (actionData) {
      setEditing(true);
      setErrors(actionData.errors);
      setSaved(false);
    }
  }

  // Focus follows the mode: into the form when it opens, back to "Modifier" when it closes.
  useEffect(() => {
    if (editing && !wasEditing.current) formRef.current?.querySelector<HTMLInputElement>("input[name]")?.focus();
    if (!editing && wasEditing.current) editButton.current?.focus();
    wasEditing.current = editing;
  }, [editing]);

  // Server errors: bring the first invalid field into focus.
  useEffect(() => {
    if (!failed) return;
    const first = PROFILE_FIELDS.find((field) => failed.errors[field]);
    if (first) formRef.current?.querySelector<HTMLInputElement>(`[name="${first}"]`)?.focus();
  }, [failed]);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const parsed = ProfileUpdateSchema.safeParse(readProfileForm(new FormData(event.currentTarget)));
    if (parsed.success) return;
    event.preventDefault();
    const found = profileErrorsFrom(parsed.error.issues);
    setErrors(found);
    const first = PROFILE_FIELDS.find((field) => found[field]);
    if (first) event.currentTarget.querySelector<HTMLInputElement>(`[name="${first}"]`)?.focus();
  }

  function clearError(name: string) {
    if (errors[name as ProfileField]) setErrors(({ [name as ProfileField]: _cleared, ...rest }) => rest);
  }

  const defaults: ProfileFormValues = failed?.values ?? {
    firstName: profile.first_name,
    lastName: profile.last_name ?? "",
    phone: profile.phone ?? "",
    dateOfBirth: profile.date_of_birth ?? "",
  };

  return (
    <section aria-labelledby={headingId} className="mt-8 rounded-2xl border border-line bg-white p-6 sm:p-8">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h2 id={headingId} className="font-display text-2xl">
          {t("account.profilePage.personalInformation")}
        </h2>
        {!editing && (
          <button
            ref={editButton}
            type="button"
            onClick={() => {
              setEditing(true);
              setSaved(false);
              setErrors({});
            }}
            className="inline-flex min-h-11 items-center rounded-full border border-ink px-5 text-sm font-semibold text-ink hover:bg-band"
          >
            {t("account.profilePage.edit")}
          </button>
        )}
      </div>

      <p role="status" className="empty:hidden mt-4 rounded-lg bg-success/10 px-4 py-3 text-sm font-semibold text-success">
        {saved ? t("account.profilePage.saved") : ""}
      </p>

      {editing ? (
        <Form
          ref={formRef}
          method="post"
          noValidate
          onSubmit={onSubmit}
          onChange={(event) => {
            const target = event.target as EventTarget;
            if (target instanceof HTMLInputElement) clearError(target.name);
          }}
          className="mt-6 grid gap-5 sm:grid-cols-2"
        >
          <ProfileInput
            id={`${ids}-first-name`}
            name="firstName"
            label={t("account.profilePage.firstName")}
            required
            autoComplete="given-name"
            defaultValue={defaults.firstName}
            error={errors.firstName && translateMessage(errors.firstName)}
          />
          <ProfileInput
            id={`${ids}-last-name`}
            name="lastName"
            label={t("account.profilePage.lastName")}
            hint={optional}
            autoComplete="family-name"
            defaultValue={defaults.lastName}
            error={errors.lastName && translateMessage(errors.lastName)}
          />
          <div>
            <label htmlFor={`${ids}-email`} className="block text-sm font-semibold">
              {t("account.profilePage.email")}
            </label>
            <input
              id={`${ids}-email`}
              type="email"
              value={profile.email}
              readOnly
              aria-describedby={`${ids}-email-hint`}
              className="mt-1 h-12 w-full cursor-not-allowed rounded-lg border border-line bg-band px-3 text-base text-muted"
            />
            <p id={`${ids}-email-hint`} className="mt-1 text-xs text-muted">
              {t("account.profilePage.emailReadOnly")}
            </p>
          </div>
          <ProfileInput
            id={`${ids}-phone`}
            name="phone"
            label={t("account.profilePage.phone")}
            hint={optional}
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            defaultValue={defaults.phone}
            error={errors.phone && translateMessage(errors.phone)}
          />
          <ProfileInput
            id={`${ids}-birth-date`}
            name="dateOfBirth"
            label={t("account.profilePage.birthDate")}
            hint={optional}
            type="date"
            autoComplete="bday"
            defaultValue={defaults.dateOfBirth}
            error={errors.dateOfBirth && translateMessage(errors.dateOfBirth)}
          />
          <div className="flex flex-wrap gap-3 sm:col-span-2">
            <button
              type="submit"
              disabled={submitting}
              className="inline-flex min-h-11 items-center rounded-full bg-accent px-6 font-semibold text-white hover:bg-accent-dark disabled:cursor-wait disabled:opacity-70"
            >
              {submitting ? t("account.profilePage.saving") : t("account.profilePage.save")}
            </button>
            <button
              type="button"
              onClick={() => {
                setEditing(false);
                setErrors({});
              }}
              className="inline-flex min-h-11 items-center rounded-full border border-line px-6 font-semibold text-ink hover:bg-band"
            >
              {t("account.profilePage.cancel")}
            </button>
          </div>
        </Form>
      ) : (
        <dl className="mt-6 grid gap-5 sm:grid-cols-2">
          <ProfileValue label={t("account.profilePage.firstName")} value={profile.first_name} />
          <ProfileValue label={t("account.profilePage.lastName")} value={profile.last_name} />
          <ProfileValue label={t("account.profilePage.email")} value={profile.email} />
          <ProfileValue label={t("account.profilePage.phone")} value={profile.phone} />
          <ProfileValue
            label={t("account.profilePage.birthDate")}
            value={profile.date_of_birth && format.date(`${profile.date_of_birth}T12:00:00Z`)}
          />
        </dl>
      )}
    </section>
  );
}

function ProfileValue({ label, value }: { label: string; value: string | null }) {
  const t = useT();
  return (
    <div>
      <dt className="text-sm text-muted">{label}</dt>
      <dd className={`mt-1 font-semibold break-words ${value ? "text-ink" : "text-muted italic"}`}>
        {value || t("account.profilePage.notProvided")}
      </dd>
    </div>
  );
}

function ProfileInput({
  id,
  name,
  label,
  hint,
  error,
  required,
  ...input
}: {
  id: string;
  name: ProfileField;
  label: string;
  hint?: string;
  error?: string;
  required?: boolean;
  type?: string;
  inputMode?: "tel" | "text";
  autoComplete?: string;
  defaultValue: string;
}) {
  const errorId = `${id}-error`;
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-semibold">
        {label}
        {hint && <span className="font-normal text-muted"> {hint}</span>}
      </label>
      <input
        {...input}
        id={id}
        name={name}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className={`mt-1 h-12 w-full rounded-lg border bg-white px-3 text-base text-ink focus:border-accent ${
          error ? "border-danger" : "border-line"
        }`}
      />
      {error && (
        <p id={errorId} className="mt-1 text-sm text-danger">
          {error}
        </p>
      )}
    </div>
  );
}

/** An expired session on save (401) or a missing profile, explained in French. */
export const ErrorBoundary = RouteErrorBoundary;
