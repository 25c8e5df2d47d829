import { useEffect, useId, useState, type FormEvent } from "react";
import { FormMessage, inputClass, primaryButtonClass } from "~/components/ui/form-parts";
import { fetchTicketThread, postTicketReply } from "~/features/support/support-ticket-api";
import { localizedFormat } from "~/domain/i18n/localized-format";
import { useLanguage, useT, useTranslateMessage } from "~/components/ui/i18n";
import { useTimeZone } from "~/components/ui/time-zone";
import { TICKET_MESSAGE_MAX, TicketReplySchema, type TicketMessageView } from "~/domain/support/ticket-thread";
import type { SupportTicketView } from "~/domain/support/support-ticket.schema";
import * as ACCOUNT_MESSAGES from "~/domain/messages/account";

export const THREAD_LOAD_ERROR = ACCOUNT_MESSAGES.errorWhileLoadingConversation;
export const REPLY_ERROR = ACCOUNT_MESSAGES.errorWhileSendingReply;

/**
 * The conversation of one of the shopper's tickets (decision 046): the messages, oldest first,
 * and a reply form; a closed ticket takes no more replies. Text is shown as text, never as HTML.
 */
export function TicketThread({ ticket, onChanged }: { ticket: SupportTicketView; onChanged: (ticket: SupportTicketView) => void }) {
  // Dates in the zone the shopper chose in Préférences.
  const format = localizedFormat(useLanguage(), useTimeZone());
  const t = useT();
  const tm = useTranslateMessage();
  const [messages, setMessages] = useState<TicketMessageView[] | null>(null);
  const [loadError, setLoadError] = useState(false);
  const [body, setBody] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const fieldId = useId();

  useEffect(() => {
    let live = true;
    void fetchTicketThread(ticket.id).then((result) => {
      if (!live) return;
      if (result.ok) {
        setMessages(result.data.messages);
        onChanged(result.data.ticket);
      } else setLoadError(true);
    });
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- loaded once when the conversation opens, not when the parent's callback changes.
  }, [ticket.id]);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = TicketReplySchema.safeParse({ body });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? REPLY_ERROR);
      return;
    }
    setBusy(true);
    const result = await postTicketReply(ticket.id, parsed.data.body);
    setBusy(false);
    if (result.ok) {
      setMessages((list) => [...(list ?? []), result.data.message]);
      setBody("");
      setError(null);
      onChanged(result.data.ticket);
    } else setError(result.fieldErrors.body ?? (result.message || REPLY_ERROR));
  }

  if (loadError) return <FormMessage tone="error">{tm(THREAD_LOAD_ERROR)}</FormMessage>;
  if (!messages) return <p className="text-sm text-muted">{t("account.ticketThread.loading")}</p>;
  return (
    <div className="mt-4 space-y-4">
      <ol aria-label={t("account.ticketThread.label", { number: ticket.ticket_number })} className="space-y-3">
        {messages.map((m) => (
          <li key={m.id} className={`rounded-xl p-3 ${m.author_type === "admin" ? "bg-band" : "bg-cream"}`}>
            <p className="text-xs text-muted">
              <span className="font-semibold text-ink">{tm(m.author)}</span> ·{" "}
              <time dateTime={m.created_at}>{format.dateTime(m.created_at)}</time>
            </p>
            <p className="mt-1 whitespace-pre-line break-words text-sm">{m.body}</p>
          </li>
        ))}
      </ol>
      {ticket.status === "closed" ? (
        <p className="text-sm text-muted">{t("account.ticketThread.closed")}</p>
      ) : (
        <form onSubmit={submit} noValidate>
          <label htmlFor={fieldId} className="block text-sm font-medium">
            {t("account.ticketThread.reply")}
          </label>
          <textarea
            id={fieldId}
            name="body"
            rows={4}
            value={body}
            maxLength={TICKET_MESSAGE_MAX}
            onChange={(e) => {
              setBody(e.target.value);
              setError(null);
            }}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${fieldId}-error` : undefined}
            className={`${inputClass} mt-1 w-full`}
          />
          {error && (
            <p id={`${fieldId}-error`} role="alert" className="mt-1 text-sm font-medium text-danger">
              {tm(error)}
            </p>
          )}
          {ticket.status === "resolved" && <p className="mt-1 text-sm text-muted">{t("account.ticketThread.reopens")}</p>}
          <button type="submit" disabled={busy} className={`${primaryButtonClass} mt-2`}>
            {busy ? t("account.ticketThread.sending") : t("account.ticketThread.send")}
          </button>
        </form>
      )}
    </div>
  );
}
