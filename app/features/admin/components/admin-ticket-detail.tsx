import { useRef, useState } from "react";
import { Link, useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { inputClass } from "~/components/ui/form-parts";
import { Select } from "~/components/ui/input";
import { showToast } from "~/components/ui/toast";
import { useActionResult, useToastedAction } from "~/components/ui/use-fetcher-answer";
import { formatDateTime } from "~/lib/paris-time";
import {
  TICKET_STATUSES,
  TICKET_STATUS_LABELS,
  ticketCategoryLabel,
  ticketPriorityLabel,
  ticketStatusLabel,
} from "~/domain/support/support-ticket.schema";
import { TICKET_MESSAGE_MAX, type AdminTicketMessageView } from "~/domain/support/ticket-thread";
import type { ActionResult } from "~/domain/http/action-result";
import type { SupportTicketView } from "~/domain/support/support-ticket.schema";
import { ReadOnlyNotice } from "./read-only-notice";
import { TICKETS_READ_ONLY, type TicketsPageAccess } from "./admin-tickets-view";

type Detail = {
  ticket: SupportTicketView & { customer_name: string | null; email: string | null; has_account: boolean };
  messages: AdminTicketMessageView[];
  was_unread: boolean;
};

const EVERYTHING: TicketsPageAccess = { write: true };

/**
 * /admin/tickets/:id: the whole conversation, the reply and internal-note forms, the status. A
 * role that reads the tickets only sees the status as text and no form (decision 066).
 */
export function AdminTicketDetailView({ detail, may = EVERYTHING }: { detail: Detail; may?: TicketsPageAccess }) {
  const { ticket, messages } = detail;
  return (
    <div className="space-y-6">
      <p>
        <Link to="/admin/tickets" className="text-sm font-semibold text-accent underline">
          Retour aux tickets
        </Link>
      </p>
      <div>
        <p className="font-mono text-muted">{ticket.ticket_number}</p>
        <h1 className="break-words font-display text-3xl">{ticket.subject}</h1>
        <dl className="mt-3 grid grid-cols-2 gap-x-6 gap-y-2 text-sm sm:grid-cols-4">
          <div>
            <dt className="text-muted">Client</dt>
            <dd className="font-medium">{ticket.customer_name ?? "Nom non renseigné"}</dd>
            <dd className="break-all">{ticket.email ?? "Email non renseigné"}</dd>
            {ticket.has_account ? null : <dd className="text-muted">Visiteur (formulaire de contact)</dd>}
          </div>
          <div>
            <dt className="text-muted">Catégorie</dt>
            <dd className="font-medium">{ticketCategoryLabel(ticket.category)}</dd>
          </div>
          <div>
            <dt className="text-muted">Priorité</dt>
            <dd className="font-medium">{ticketPriorityLabel(ticket.priority)}</dd>
          </div>
          <div>
            <dt className="text-muted">Statut</dt>
            {may.write ? (
              <dd>
                <StatusForm ticket={ticket} />
              </dd>
            ) : (
              <dd className="font-medium">{ticketStatusLabel(ticket.status)}</dd>
            )}
          </div>
        </dl>
      </div>

      <section aria-labelledby="thread-title">
        <h2 id="thread-title" className="font-display text-xl">
          Conversation
        </h2>
        <ol className="mt-3 space-y-3" aria-label="Messages du ticket">
          {messages.map((m) => (
            <li
              key={m.id}
              className={`rounded-2xl border p-4 ${m.internal_note ? "border-dashed border-accent bg-accent-soft" : m.author_type === "admin" ? "border-line bg-band" : "border-line"}`}
            >
              <p className="text-sm text-muted">
                <span className="font-semibold text-ink">{m.author}</span>
                {m.internal_note ? " · Note interne (invisible pour le client)" : null} ·{" "}
                <time dateTime={m.created_at}>{formatDateTime(m.created_at)}</time>
              </p>
              <p className="mt-2 whitespace-pre-line break-words">{m.body}</p>
            </li>
          ))}
        </ol>
      </section>

      {may.write ? null : <ReadOnlyNotice what={TICKETS_READ_ONLY} />}
      {may.write && (
        <div className="grid gap-6 lg:grid-cols-2">
          <MessageForm
            ticketId={ticket.id}
            intent="reply"
            label="Répondre au client"
            hint={
              ticket.has_account
                ? "Envoyée par e-mail et affichée dans son espace client."
                : `Envoyée par e-mail à ${ticket.email ?? "l'adresse du visiteur"}.`
            }
            submit="Envoyer la réponse"
          />
          <MessageForm
            ticketId={ticket.id}
            intent="note"
            label="Note interne"
            hint="Visible par l'équipe uniquement, jamais envoyée au client."
            submit="Ajouter la note"
          />
        </div>
      )}
    </div>
  );
}

function StatusForm({ ticket }: { ticket: SupportTicketView }) {
  const fetcher = useFetcher<ActionResult<null>>();
  const pending = fetcher.formData?.get("status");
  const value = typeof pending === "string" ? pending : ticket.status;
  useToastedAction(fetcher);
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="intent" value="change-status" />
      <Select
        name="status"
        value={value}
        aria-label={`Statut du ticket ${ticket.ticket_number}`}
        disabled={fetcher.state !== "idle"}
        onChange={(event) => fetcher.submit(event.currentTarget.form)}
      >
        {TICKET_STATUSES.map((s) => (
          <option key={s} value={s}>
            {TICKET_STATUS_LABELS[s]}
          </option>
        ))}
      </Select>
      <span className="sr-only" aria-live="polite">
        {ticketStatusLabel(ticket.status)}
      </span>
    </fetcher.Form>
  );
}

function MessageForm({
  ticketId,
  intent,
  label,
  hint,
  submit,
}: {
  ticketId: string;
  intent: "reply" | "note";
  label: string;
  hint: string;
  submit: string;
}) {
  const fetcher = useFetcher<ActionResult<null>>();
  const formRef = useRef<HTMLFormElement>(null);
  const [error, setError] = useState<string | null>(null);
  const id = `ticket-${intent}-${ticketId}`;
  useActionResult(fetcher, {
    onSuccess: (result) => {
      setError(null);
      formRef.current?.reset();
      if (result.message) showToast(result.message);
    },
    onFailure: (result) => setError(result.message),
  });
  return (
    <fetcher.Form method="post" ref={formRef} className="rounded-2xl border border-line p-4">
      <input type="hidden" name="intent" value={intent} />
      <label htmlFor={id} className="block font-semibold">
        {label}
      </label>
      <p id={`${id}-hint`} className="text-sm text-muted">
        {hint}
      </p>
      <textarea
        id={id}
        name="body"
        rows={5}
        required
        maxLength={TICKET_MESSAGE_MAX}
        aria-describedby={error ? `${id}-error` : `${id}-hint`}
        aria-invalid={error ? true : undefined}
        className={`${inputClass} mt-2 w-full`}
      />
      {error && (
        <p id={`${id}-error`} role="alert" className="mt-1 text-sm font-medium text-danger">
          {error}
        </p>
      )}
      <Button type="submit" variant="ink" className="mt-3" disabled={fetcher.state !== "idle"}>
        {submit}
      </Button>
    </fetcher.Form>
  );
}
