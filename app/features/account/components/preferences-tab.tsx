import { useEffect, useState, type FormEvent, type ReactNode } from "react";
import { useFetcher } from "react-router";
import type { AccountActionData } from "~/domain/account/account-actions";
import type { ActionResult } from "~/domain/http/action-result";
import {
  ALWAYS_SENT_EMAILS_NOTE,
  CURRENCIES,
  CURRENCY_LABELS,
  EMAIL_SWITCHES,
  LANGUAGES,
  LANGUAGE_LABELS,
  PreferencesSchema,
  THEMES,
  THEME_LABELS,
  TIME_ZONES,
  TIME_ZONE_LABELS,
  type AccountPreferencesView,
} from "~/domain/account/preferences.schema";
import { firstIssueMessage } from "~/domain/account/security.schema";
import { showToast } from "~/components/ui/toast";
import { FormMessage, inputClass, primaryButtonClass } from "~/components/ui/form-parts";
import { TabHeading } from "~/components/ui/tab-heading";
import { useT, useTranslateMessage } from "~/components/ui/i18n";

/** A checkbox drawn as a switch (role=switch): still a real, visible, clickable input. */
function Switch({ name, label, help, defaultChecked }: { name: string; label: string; help?: string; defaultChecked: boolean }) {
  const helpId = help ? `${name}-help` : undefined;
  return (
    <label className="flex min-h-11 cursor-pointer items-center justify-between gap-4 py-2">
      <span className="min-w-0">
        <span className="block">{label}</span>
        {help && (
          <span id={helpId} className="block text-sm text-muted">
            {help}
          </span>
        )}
      </span>
      <span className="relative inline-flex shrink-0">
        <input
          type="checkbox"
          role="switch"
          name={name}
          aria-describedby={helpId}
          defaultChecked={defaultChecked}
          className="peer h-7 w-12 cursor-pointer appearance-none rounded-full bg-muted transition-colors checked:bg-accent"
        />
        <span
          aria-hidden="true"
          className="pointer-events-none absolute left-1 top-1 h-5 w-5 rounded-full bg-white shadow transition-transform peer-checked:translate-x-5"
        />
      </span>
    </label>
  );
}

function Choice<T extends string>({
  name,
  label,
  options,
  labels,
  defaultValue,
}: {
  name: string;
  label: string;
  options: readonly T[];
  labels: Record<T, string>;
  defaultValue: T;
}) {
  // The option labels are French texts of app/domain (language names stay in their own language).
  const tm = useTranslateMessage();
  return (
    <label className="block text-sm font-medium">
      {label}
      <select name={name} defaultValue={defaultValue} className={inputClass}>
        {options.map((value) => (
          <option key={value} value={value}>
            {tm(labels[value])}
          </option>
        ))}
      </select>
    </label>
  );
}

function Group({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="rounded-2xl border border-line p-5">
      <legend className="px-1 font-semibold">{title}</legend>
      {children}
    </fieldset>
  );
}

/**
 * Préférences: e-mail switches, SMS and push, language and region, theme, privacy; each one acted
 * on (docs/decisions/043-preferences-that-take-effect.md).
 */
export function PreferencesTab({ view }: { view: AccountPreferencesView }) {
  const p = view.preferences;
  const fetcher = useFetcher<ActionResult<AccountActionData>>();
  const [clientError, setClientError] = useState<string | null>(null);
  const busy = fetcher.state !== "idle";
  const result = !busy ? fetcher.data : undefined;
  const t = useT();
  const tm = useTranslateMessage();

  // The toast region words the message in the page's language (decision 044).
  useEffect(() => {
    if (result?.ok && result.message) showToast(result.message);
  }, [result]);

  function validate(event: FormEvent<HTMLFormElement>) {
    const parsed = PreferencesSchema.safeParse(Object.fromEntries(new FormData(event.currentTarget)));
    if (!parsed.success) {
      event.preventDefault();
      setClientError(firstIssueMessage(parsed.error));
      return;
    }
    setClientError(null);
  }

  const error = clientError ?? (result && !result.ok ? result.message : null);

  return (
    <div>
      <TabHeading>{t("account.tab.preferences")}</TabHeading>
      <fetcher.Form method="post" onSubmit={validate} className="mt-6 space-y-6">
        <input type="hidden" name="intent" value="save-preferences" />
        <Group title={t("account.preferences.emailGroup")}>
          <div className="divide-y divide-line">
            {EMAIL_SWITCHES.map((item) => (
              <Switch
                key={item.name}
                name={item.name}
                label={tm(item.label)}
                help={
                  item.name === "emailNewsletters" && view.newsletter === "pending"
                    ? t("account.preferences.newsletterPending")
                    : tm(item.help)
                }
                defaultChecked={item.name === "emailNewsletters" ? view.newsletter !== "none" : p[item.name]}
              />
            ))}
          </div>
          <p className="mt-3 text-sm text-muted">{tm(ALWAYS_SENT_EMAILS_NOTE)}</p>
        </Group>
        <Group title={t("account.preferences.otherGroup")}>
          <div className="divide-y divide-line">
            <Switch
              name="smsNotifications"
              label={t("account.preferences.sms")}
              help={t(view.hasPhone ? "account.preferences.smsHelp" : "account.preferences.smsHelpNoPhone")}
              defaultChecked={p.smsNotifications}
            />
            <Switch
              name="pushNotifications"
              label={t("account.preferences.push")}
              help={t("account.preferences.pushHelp")}
              defaultChecked={p.pushNotifications}
            />
          </div>
        </Group>
        <Group title={t("account.preferences.regionGroup")}>
          <div className="grid gap-4 sm:grid-cols-3">
            <Choice
              name="language"
              label={t("account.preferences.language")}
              options={LANGUAGES}
              labels={LANGUAGE_LABELS}
              defaultValue={p.language}
            />
            <Choice
              name="currency"
              label={t("account.preferences.currency")}
              options={CURRENCIES}
              labels={CURRENCY_LABELS}
              defaultValue={p.currency}
            />
            <Choice
              name="timezone"
              label={t("account.preferences.timezone")}
              options={TIME_ZONES}
              labels={TIME_ZONE_LABELS}
              defaultValue={p.timezone}
            />
          </div>
          <p className="mt-3 text-sm text-muted">{t("account.preferences.regionNote")}</p>
        </Group>
        <Group title={t("account.preferences.appearanceGroup")}>
          <Choice name="theme" label={t("account.preferences.theme")} options={THEMES} labels={THEME_LABELS} defaultValue={p.theme} />
        </Group>
        <Group title={t("account.preferences.privacyGroup")}>
          <Switch
            name="allowProductRecommendations"
            label={t("account.preferences.recommendations")}
            help={t("account.preferences.recommendationsHelp")}
            defaultChecked={p.privacySettings.allow_product_recommendations}
          />
        </Group>
        {error && <FormMessage tone="error">{tm(error)}</FormMessage>}
        <button type="submit" disabled={busy} className={primaryButtonClass}>
          {t(busy ? "account.saving" : "account.preferences.save")}
        </button>
      </fetcher.Form>
    </div>
  );
}
