import { useEffect, useState, type FormEvent, type ReactNode } from "react";
import { useFetcher } from "react-router";
import type { AccountActionResult } from "~/domain/account/account-actions";
import {
  CURRENCIES,
  CURRENCY_LABELS,
  LANGUAGES,
  LANGUAGE_LABELS,
  PROFILE_VISIBILITIES,
  PROFILE_VISIBILITY_LABELS,
  PreferencesSchema,
  THEMES,
  THEME_LABELS,
  TIME_ZONES,
  TIME_ZONE_LABELS,
  type Preferences,
} from "~/domain/account/preferences.schema";
import { firstIssueMessage } from "~/domain/account/security.schema";
import { showToast } from "~/components/ui/toast";
import { FormMessage, inputClass, primaryButtonClass } from "~/components/ui/form-parts";
import { TabHeading } from "~/components/ui/tab-heading";

/** A checkbox drawn as a switch (role=switch): still a real, visible, clickable input. */
function Switch({ name, label, defaultChecked }: { name: string; label: string; defaultChecked: boolean }) {
  return (
    <label className="flex min-h-11 cursor-pointer items-center justify-between gap-4 py-2">
      <span>{label}</span>
      <span className="relative inline-flex shrink-0">
        <input
          type="checkbox"
          role="switch"
          name={name}
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
  return (
    <label className="block text-sm font-medium">
      {label}
      <select name={name} defaultValue={defaultValue} className={inputClass}>
        {options.map((value) => (
          <option key={value} value={value}>
            {labels[value]}
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

/** Préférences: notification channels, language and region, theme, privacy. */
export function PreferencesTab({ preferences: p }: { preferences: Preferences }) {
  const fetcher = useFetcher<AccountActionResult>();
  const [clientError, setClientError] = useState<string | null>(null);
  const busy = fetcher.state !== "idle";
  const result = !busy && fetcher.data?.intent === "save-preferences" ? fetcher.data : undefined;

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
      <TabHeading>Préférences</TabHeading>
      <fetcher.Form method="post" onSubmit={validate} className="mt-6 space-y-6">
        <input type="hidden" name="intent" value="save-preferences" />
        <Group title="Notifications par e-mail">
          <div className="divide-y divide-line">
            <Switch name="emailMarketing" label="Offres marketing" defaultChecked={p.emailMarketing} />
            <Switch name="emailOrderUpdates" label="Suivi de mes commandes" defaultChecked={p.emailOrderUpdates} />
            <Switch name="emailPromotions" label="Promotions" defaultChecked={p.emailPromotions} />
            <Switch name="emailNewsletters" label="Newsletter" defaultChecked={p.emailNewsletters} />
          </div>
        </Group>
        <Group title="Autres notifications">
          <div className="divide-y divide-line">
            <Switch name="smsNotifications" label="Notifications par SMS" defaultChecked={p.smsNotifications} />
            <Switch name="pushNotifications" label="Notifications push" defaultChecked={p.pushNotifications} />
          </div>
        </Group>
        <Group title="Langue et région">
          <div className="grid gap-4 sm:grid-cols-3">
            <Choice name="language" label="Langue" options={LANGUAGES} labels={LANGUAGE_LABELS} defaultValue={p.language} />
            <Choice name="currency" label="Devise" options={CURRENCIES} labels={CURRENCY_LABELS} defaultValue={p.currency} />
            <Choice name="timezone" label="Fuseau horaire" options={TIME_ZONES} labels={TIME_ZONE_LABELS} defaultValue={p.timezone} />
          </div>
        </Group>
        <Group title="Apparence">
          <Choice name="theme" label="Thème" options={THEMES} labels={THEME_LABELS} defaultValue={p.theme} />
        </Group>
        <Group title="Confidentialité">
          <Choice
            name="profileVisibility"
            label="Visibilité du profil"
            options={PROFILE_VISIBILITIES}
            labels={PROFILE_VISIBILITY_LABELS}
            defaultValue={p.privacySettings.profile_visibility}
          />
          <div className="mt-2 divide-y divide-line">
            <Switch
              name="showPurchaseHistory"
              label="Afficher mon historique d'achats"
              defaultChecked={p.privacySettings.show_purchase_history}
            />
            <Switch
              name="allowProductRecommendations"
              label="Autoriser les recommandations de produits"
              defaultChecked={p.privacySettings.allow_product_recommendations}
            />
          </div>
        </Group>
        {error && <FormMessage tone="error">{error}</FormMessage>}
        <button type="submit" disabled={busy} className={primaryButtonClass}>
          {busy ? "Enregistrement..." : "Enregistrer les préférences"}
        </button>
      </fetcher.Form>
    </div>
  );
}
