import { useState } from "react";
import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { FieldShell, errorIdOf } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { inputClass } from "~/components/ui/form-parts";
import { useActionResult } from "~/components/ui/use-fetcher-answer";
import { failureFieldErrors, type ActionResult } from "~/domain/http/action-result";
import { formatDate, formatDateTime } from "~/lib/paris-time";
import {
  API_AREA_CHOICES,
  API_AREA_CHOICE_LABELS,
  API_AREA_LABELS,
  API_AREAS,
  API_KEY_STATUS_LABELS,
  ApiKeyFormSchema,
  apiKeyFormValues,
  apiKeyStatus,
  describeScopes,
  scopeFieldName,
  type ApiAreaChoice,
  type ApiKeyView,
  type ApiScope,
  type CreatedApiKey,
} from "~/domain/api-keys/api-keys";
import { asksForSecondFactor, requestSecondFactor } from "../staff/second-factor-store";

/** Each area's choices the member may give ("Aucun" always); an area it can give nothing of is left out. */
function choicesOf(grantable: readonly ApiScope[]) {
  return API_AREAS.map((area) => ({
    area,
    choices: API_AREA_CHOICES.filter((c: ApiAreaChoice) => c === "none" || grantable.includes(`${area}:${c}`)),
  })).filter((a) => a.choices.length > 1);
}

/**
 * Paramètres, "Clés API" (decision 049): create a key (name, access per area, optional last
 * day), see its secret once, revoke it; the list shows each key's visible prefix and last use.
 * The form offers only the accesses the member's role holds (`grantableScopes`, decision 066); a
 * refusal asking for the second factor again opens the code's dialog.
 */
export function ApiKeysSection({ keys, grantableScopes }: { keys: ApiKeyView[]; grantableScopes: readonly ApiScope[] }) {
  const areas = choicesOf(grantableScopes);
  const create = useFetcher<ActionResult<CreatedApiKey>>();
  const revoke = useFetcher<ActionResult>();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [created, setCreated] = useState<{ name: string; secret: string } | null>(null);
  const [status, setStatus] = useState<string | null>(null);

  useActionResult(create, {
    onSuccess: (result) => {
      setErrors({});
      setCreated({ name: result.data.key.name, secret: result.data.secret });
      setStatus(result.message ?? null);
    },
    onFailure: (result) => {
      if (asksForSecondFactor(result)) requestSecondFactor();
      const fields = failureFieldErrors(result);
      setErrors(Object.keys(fields).length > 0 ? fields : { form: result.message });
      setCreated(null);
      setStatus(null);
    },
  });
  useActionResult(revoke, {
    onSuccess: (result) => setStatus(result.message ?? null),
    onFailure: (result) => {
      if (asksForSecondFactor(result)) requestSecondFactor();
      setStatus(result.message);
    },
  });

  function check(event: React.FormEvent<HTMLFormElement>) {
    const parsed = ApiKeyFormSchema.safeParse(apiKeyFormValues(new FormData(event.currentTarget)));
    if (parsed.success) return;
    event.preventDefault();
    const found: Record<string, string> = {};
    for (const issue of parsed.error.issues) found[String(issue.path[0] ?? "form")] ??= issue.message;
    setErrors(found);
  }

  return (
    <section aria-labelledby="settings-api-keys" className="max-w-4xl space-y-6">
      <h2 id="settings-api-keys" className="font-display text-2xl">
        Clés API
      </h2>
      <p className="text-muted">
        Une clé permet à un logiciel (ERP, connecteur de stock) d&apos;utiliser l&apos;API d&apos;administration avec les seuls accès
        choisis. Elle s&apos;envoie dans l&apos;en-tête <code>Authorization: Bearer …</code> et n&apos;ouvre jamais de session dans le
        navigateur.
      </p>

      {created && (
        <div role="alert" className="space-y-2 rounded-2xl border border-line bg-surface p-5">
          <p className="font-semibold">Nouvelle clé « {created.name} » : copiez-la maintenant, elle ne sera plus affichée.</p>
          <label className="block text-sm" htmlFor="api-key-secret">
            Clé secrète
          </label>
          <Input
            id="api-key-secret"
            readOnly
            value={created.secret}
            className="w-full font-mono"
            onFocus={(e) => e.currentTarget.select()}
          />
          <Button type="button" variant="outline" size="sm" onClick={() => setCreated(null)}>
            J&apos;ai copié la clé
          </Button>
        </div>
      )}

      <create.Form method="post" noValidate onSubmit={check} className="space-y-5 rounded-2xl border border-line p-5">
        <input type="hidden" name="intent" value="api-key-create" />
        <h3 className="text-lg font-semibold">Créer une clé</h3>
        <div className="grid gap-4 sm:grid-cols-2">
          <FieldShell id="api-key-name" label="Nom de la clé" required error={errors.name}>
            <Input
              id="api-key-name"
              name="name"
              aria-invalid={errors.name ? true : undefined}
              aria-describedby={errorIdOf("api-key-name", errors.name)}
              className="mt-1 w-full"
            />
          </FieldShell>
          <FieldShell id="api-key-expires" label="Valable jusqu'au (facultatif)" error={errors.expires_on}>
            <Input
              id="api-key-expires"
              name="expires_on"
              type="date"
              aria-invalid={errors.expires_on ? true : undefined}
              aria-describedby={errorIdOf("api-key-expires", errors.expires_on)}
              className="mt-1 w-full"
            />
          </FieldShell>
        </div>
        <fieldset aria-describedby={errors.scopes ? "api-key-scopes-error" : undefined}>
          <legend className="text-sm font-medium">Accès</legend>
          {areas.length === 0 && (
            <p className="mt-2 text-sm text-muted">Votre rôle ne détient aucun des accès qu&apos;une clé peut recevoir.</p>
          )}
          <div className="mt-2 grid gap-3 sm:grid-cols-2">
            {areas.map(({ area, choices }) => (
              <label key={area} className="flex items-center justify-between gap-3 text-sm">
                {API_AREA_LABELS[area]}
                <select name={scopeFieldName(area)} defaultValue="none" className={`${inputClass} w-52`}>
                  {choices.map((choice) => (
                    <option key={choice} value={choice}>
                      {API_AREA_CHOICE_LABELS[choice]}
                    </option>
                  ))}
                </select>
              </label>
            ))}
          </div>
          {errors.scopes && (
            <p id="api-key-scopes-error" className="mt-1 text-sm font-medium text-danger">
              {errors.scopes}
            </p>
          )}
        </fieldset>
        {errors.form && <p className="text-sm font-medium text-danger">{errors.form}</p>}
        <div className="flex flex-wrap items-center gap-4">
          <Button type="submit" variant="ink" disabled={create.state !== "idle"}>
            Créer la clé
          </Button>
          <p role="status" className="text-sm font-semibold text-green-800">
            {status}
          </p>
        </div>
      </create.Form>

      {keys.length === 0 ? (
        <p className="text-muted">Aucune clé API pour le moment.</p>
      ) : (
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Clés API</caption>
          <thead>
            <tr>
              <th scope="col">Nom</th>
              <th scope="col">Clé</th>
              <th scope="col">Accès</th>
              <th scope="col">Expiration</th>
              <th scope="col">Dernière utilisation</th>
              <th scope="col">État</th>
              <th scope="col">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {keys.map((key) => {
              const state = apiKeyStatus(key);
              return (
                <tr key={key.id} className="border-t border-line">
                  <td className="py-2 font-medium">{key.name}</td>
                  <td className="font-mono">{key.prefix}…</td>
                  <td>{describeScopes(key.scopes)}</td>
                  <td>{key.expires_at ? formatDate(new Date(new Date(key.expires_at).getTime() - 1)) : "Jamais"}</td>
                  <td>{key.last_used_at ? formatDateTime(key.last_used_at) : "Jamais utilisée"}</td>
                  <td>{API_KEY_STATUS_LABELS[state]}</td>
                  <td>
                    {state === "active" && (
                      <revoke.Form
                        method="post"
                        onSubmit={(event) => {
                          if (!window.confirm(`Révoquer la clé « ${key.name} » ? Les logiciels qui l'utilisent seront refusés aussitôt.`)) {
                            event.preventDefault();
                          }
                        }}
                      >
                        <input type="hidden" name="intent" value="api-key-revoke" />
                        <input type="hidden" name="id" value={key.id} />
                        <Button type="submit" variant="danger-outline" size="sm" aria-label={`Révoquer la clé ${key.name}`}>
                          Révoquer
                        </Button>
                      </revoke.Form>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </section>
  );
}
