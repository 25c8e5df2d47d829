import { useState } from "react";
import { Form, Link, useFetcher, useNavigation } from "react-router";
import { failureFieldErrors, type ActionResult } from "~/domain/http/action-result";
import { Button, buttonClass } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { FieldShell, errorIdOf } from "~/components/ui/field";
import { FormMessage } from "~/components/ui/form-parts";
import { Input } from "~/components/ui/input";
import { formatDateTime } from "~/lib/paris-time";
import {
  WEBHOOK_DELIVERY_STATUS_LABELS,
  WEBHOOK_EVENT_LABELS,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_MESSAGES,
  WEBHOOKS_SETTINGS_PATH as SETTINGS_PATH,
  type WebhookChange,
  type WebhookDeliveryView,
  type WebhookEndpointView,
} from "~/domain/webhooks/webhooks";

/** Paramètres' entry to the webhooks (decision 050): its own section, the pages do the rest. */
export function WebhooksSection() {
  return (
    <section aria-labelledby="settings-webhooks" className="max-w-3xl space-y-3">
      <h2 id="settings-webhooks" className="font-display text-2xl">
        Webhooks
      </h2>
      <p className="text-muted">
        Prévenez vos outils (ERP, logistique, CRM) à chaque commande, changement de statut, remboursement, retour, modification de produit,
        stock bas ou avis : chaque envoi est signé (en-tête Aurore-Signature) et renvoyé en cas d'échec pendant 24 h.
      </p>
      <Link to={SETTINGS_PATH} className={buttonClass({ variant: "ink-outline" })}>
        Gérer les webhooks
      </Link>
    </section>
  );
}

function stateLabel(endpoint: WebhookEndpointView): string {
  if (!endpoint.active) return "Désactivé";
  return endpoint.failingSince ? "En échec" : "Actif";
}

/** The secret, right after it was made: the only time the administrator sees it. */
function SecretOnce({ secret }: { secret: string }) {
  return (
    <div role="status" className="space-y-2 rounded-xl border border-line bg-band p-4 text-sm">
      <p className="font-medium">Secret de signature (affiché une seule fois, copiez-le maintenant) :</p>
      <code aria-label="Secret de signature" className="block break-all rounded bg-white px-3 py-2 font-mono">
        {secret}
      </code>
    </div>
  );
}

/** What the page's actions answer (decision 056). */

function AnswerMessage({ answer }: { answer?: ActionResult<WebhookChange> }) {
  if (!answer) return null;
  return (
    <div className="space-y-3">
      {answer.message ? <FormMessage tone={answer.ok ? "success" : "error"}>{answer.message}</FormMessage> : null}
      {answer.ok && answer.data.secret ? <SecretOnce secret={answer.data.secret} /> : null}
    </div>
  );
}

/** URL, description, events and the active box: the create and the edit forms. */
function EndpointFields({
  endpoint,
  answer,
  prefix,
}: {
  endpoint?: WebhookEndpointView;
  answer?: ActionResult<WebhookChange>;
  prefix: string;
}) {
  const errors = answer && !answer.ok ? failureFieldErrors(answer) : {};
  const typed = answer && !answer.ok ? answer.values : undefined;
  const url = typeof typed?.url === "string" ? typed.url : (endpoint?.url ?? "");
  const description = typeof typed?.description === "string" ? typed.description : (endpoint?.description ?? "");
  const chosen = new Set(Array.isArray(typed?.events) ? (typed.events as string[]) : (endpoint?.events ?? []));
  const active = typed ? typed.active === true : (endpoint?.active ?? true);
  return (
    <>
      <FieldShell id={`${prefix}-url`} label="URL de destination" required error={errors.url}>
        <Input
          id={`${prefix}-url`}
          name="url"
          type="url"
          inputMode="url"
          defaultValue={url}
          placeholder="https://"
          aria-invalid={errors.url ? true : undefined}
          aria-describedby={errorIdOf(`${prefix}-url`, errors.url)}
          className="mt-1 w-full"
        />
      </FieldShell>
      <FieldShell id={`${prefix}-description`} label="Description" error={errors.description}>
        <Input id={`${prefix}-description`} name="description" defaultValue={description} className="mt-1 w-full" />
      </FieldShell>
      <fieldset aria-describedby={errors.events ? `${prefix}-events-error` : undefined}>
        <legend className="text-sm font-medium">Événements</legend>
        <ul className="mt-2 grid gap-1 sm:grid-cols-2">
          {WEBHOOK_EVENT_TYPES.map((type) => (
            <li key={type}>
              <label className="inline-flex min-h-11 items-center gap-2 text-sm">
                <input type="checkbox" name="events" value={type} defaultChecked={chosen.has(type)} className="h-5 w-5" />
                {WEBHOOK_EVENT_LABELS[type]} <code className="text-muted">{type}</code>
              </label>
            </li>
          ))}
        </ul>
        {errors.events && (
          <p id={`${prefix}-events-error`} className="mt-1 text-sm font-medium text-danger">
            {errors.events}
          </p>
        )}
      </fieldset>
      <label className="inline-flex min-h-11 items-center gap-2 text-sm">
        <input type="checkbox" name="active" defaultChecked={active} className="h-5 w-5" />
        Actif
      </label>
    </>
  );
}

export function WebhooksList({
  endpoints,
  answer,
  deleted = false,
}: {
  endpoints: WebhookEndpointView[];
  answer?: ActionResult<WebhookChange>;
  /** Arrived here from an endpoint's 'Supprimer'. */
  deleted?: boolean;
}) {
  const busy = useNavigation().state !== "idle";
  return (
    <div className="max-w-4xl space-y-8">
      <div>
        <Link to="/admin/parametres" className="text-sm underline">
          Paramètres
        </Link>
        <h1 className="font-display text-3xl">Webhooks</h1>
      </div>
      {deleted && !answer ? <FormMessage tone="success">{WEBHOOK_MESSAGES.deleted}</FormMessage> : null}
      <AnswerMessage answer={answer} />
      <section aria-labelledby="webhooks-list" className="space-y-3">
        <h2 id="webhooks-list" className="font-display text-2xl">
          Points de terminaison
        </h2>
        {endpoints.length === 0 ? (
          <p className="text-muted">Aucun webhook pour l'instant.</p>
        ) : (
          <table className="w-full text-left text-sm">
            <thead>
              <tr>
                <th scope="col">URL</th>
                <th scope="col">Événements</th>
                <th scope="col">État</th>
                <th scope="col">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {endpoints.map((e) => (
                <tr key={e.id} className="border-t border-line">
                  <td className="py-2 break-all">{e.url}</td>
                  <td className="py-2">{e.events.length}</td>
                  <td className="py-2">{stateLabel(e)}</td>
                  <td className="py-2">
                    <Link to={`${SETTINGS_PATH}/${e.id}`} className="underline" aria-label={`Gérer ${e.url}`}>
                      Gérer
                    </Link>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
      <section aria-labelledby="webhooks-new" className="space-y-3">
        <h2 id="webhooks-new" className="font-display text-2xl">
          Ajouter un webhook
        </h2>
        <Form method="post" noValidate className="space-y-4 rounded-2xl border border-line p-5">
          <input type="hidden" name="intent" value="create" />
          <EndpointFields prefix="new-webhook" answer={answer && !answer.ok ? answer : undefined} />
          <Button type="submit" variant="ink" disabled={busy}>
            Ajouter le webhook
          </Button>
        </Form>
      </section>
    </div>
  );
}

function attemptLine(a: WebhookDeliveryView["attempts"][number]): string {
  const code = a.responseCode === null ? "sans réponse" : `HTTP ${a.responseCode}`;
  return `${formatDateTime(a.at)} : ${code}, ${a.durationMs} ms${a.ok ? "" : a.error && a.responseCode === null ? ` (${a.error})` : ""}`;
}

export function WebhookDetail({
  endpoint,
  deliveries,
  answer,
}: {
  endpoint: WebhookEndpointView;
  deliveries: WebhookDeliveryView[];
  answer?: ActionResult<WebhookChange>;
}) {
  const busy = useNavigation().state !== "idle";
  return (
    <div className="max-w-5xl space-y-8">
      <div>
        <Link to={SETTINGS_PATH} className="text-sm underline">
          Webhooks
        </Link>
        <h1 className="font-display text-3xl break-all">{endpoint.url}</h1>
        <p className="text-muted">
          État : {stateLabel(endpoint)}
          {endpoint.failingSince ? ` depuis le ${formatDateTime(endpoint.failingSince)}` : ""}
        </p>
      </div>
      <AnswerMessage answer={answer} />
      <section aria-labelledby="webhook-settings" className="space-y-3">
        <h2 id="webhook-settings" className="font-display text-2xl">
          Réglages
        </h2>
        <Form method="post" noValidate className="space-y-4 rounded-2xl border border-line p-5">
          <input type="hidden" name="intent" value="update" />
          <EndpointFields prefix="webhook" endpoint={endpoint} answer={answer} />
          <Button type="submit" variant="ink" disabled={busy}>
            Enregistrer
          </Button>
        </Form>
        <div className="flex flex-wrap gap-3">
          <Form method="post">
            <input type="hidden" name="intent" value={endpoint.active ? "deactivate" : "activate"} />
            <Button type="submit" variant={endpoint.active ? "danger-outline" : "ink-outline"} disabled={busy}>
              {endpoint.active ? "Désactiver" : "Activer"}
            </Button>
          </Form>
          <Form method="post">
            <input type="hidden" name="intent" value="rotate" />
            <Button type="submit" variant="outline" disabled={busy}>
              Régénérer le secret
            </Button>
          </Form>
          <DeleteEndpoint endpoint={endpoint} disabled={busy} />
        </div>
      </section>
      <section aria-labelledby="webhook-log" className="space-y-3">
        <h2 id="webhook-log" className="font-display text-2xl">
          Journal des envois
        </h2>
        {deliveries.length === 0 ? (
          <p className="text-muted">Aucun envoi pour l'instant.</p>
        ) : (
          <table className="w-full text-left text-sm">
            <thead>
              <tr>
                <th scope="col">Événement</th>
                <th scope="col">Statut</th>
                <th scope="col">Tentatives</th>
                <th scope="col">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {deliveries.map((d) => (
                <tr key={d.id} className="border-t border-line align-top">
                  <td className="py-2">
                    <code>{d.eventType}</code>
                    <div className="text-muted">{formatDateTime(d.createdAt)}</div>
                  </td>
                  <td className="py-2">{WEBHOOK_DELIVERY_STATUS_LABELS[d.status]}</td>
                  <td className="py-2">
                    <ol className="space-y-1">
                      {d.attempts.map((a, i) => (
                        <li key={i}>{attemptLine(a)}</li>
                      ))}
                    </ol>
                  </td>
                  <td className="py-2">
                    <Form method="post">
                      <input type="hidden" name="intent" value="resend" />
                      <input type="hidden" name="deliveryId" value={d.id} />
                      <Button type="submit" size="sm" variant="outline" disabled={busy}>
                        Renvoyer
                      </Button>
                    </Form>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </div>
  );
}

/**
 * 'Supprimer' and its confirmation. On success the action redirects to the list (the fetcher
 * follows it); a refusal (already deleted elsewhere) stays in the dialog.
 */
function DeleteEndpoint({ endpoint, disabled }: { endpoint: WebhookEndpointView; disabled: boolean }) {
  const [confirming, setConfirming] = useState(false);
  const fetcher = useFetcher<ActionResult<WebhookChange>>();
  const busy = fetcher.state !== "idle";
  const refusal = fetcher.data && !fetcher.data.ok ? fetcher.data.message : null;
  return (
    <>
      <Button variant="danger-outline" disabled={disabled} onClick={() => setConfirming(true)}>
        Supprimer
      </Button>
      {confirming ? (
        <ConfirmDialog
          title="Supprimer le webhook"
          onClose={() => setConfirming(false)}
          form={fetcher.Form}
          fields={{ intent: "delete" }}
          confirmLabel={busy ? "Suppression..." : "Supprimer le webhook"}
          busy={busy}
          error={refusal}
        >
          <p>Êtes-vous sûr de vouloir supprimer ce webhook ?</p>
          <p className="mt-2 text-sm break-all text-muted">{endpoint.url}</p>
          <p className="mt-2 text-sm text-muted">
            Il ne recevra plus aucun événement ; ses envois en attente et son journal des envois sont supprimés avec lui.
          </p>
        </ConfirmDialog>
      ) : null}
    </>
  );
}
