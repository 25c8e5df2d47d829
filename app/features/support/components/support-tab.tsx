import { T, useLanguage, useT, useTranslateMessage } from "~/components/ui/i18n";
import { localizedFormat } from "~/domain/i18n/localized-format";
import { useId, useState } from "react";
import { Link } from "react-router";
import { showToast } from "~/components/ui/toast";
import { TicketForm } from "~/features/support/components/ticket-form";
import { TicketThread } from "~/features/support/components/ticket-thread";
import { fetchSupportTickets } from "~/features/support/support-ticket-api";
import {
  ticketCategoryLabel,
  ticketPriorityLabel,
  ticketStatusLabel,
  type SupportTicketView,
} from "~/domain/support/support-ticket.schema";
import { useTimeZone } from "~/components/ui/time-zone";
import { FormMessage, primaryButtonClass, secondaryButtonClass } from "~/components/ui/form-parts";
import { Modal } from "~/components/ui/modal";
import { TabHeading } from "~/components/ui/tab-heading";
import * as ACCOUNT_MESSAGES from "~/domain/messages/account";

export const SUPPORT_TICKETS_LOAD_ERROR = ACCOUNT_MESSAGES.errorWhileLoadingSupportTickets;

type TabData = { tickets: SupportTicketView[] | null } | null;

const STATUS_STYLES: Record<string, string> = {
  open: "bg-accent-soft text-accent-dark",
  in_progress: "bg-band text-ink",
  resolved: "bg-band text-success",
  closed: "bg-cream text-muted",
};

/**
 * Support Client (spec back-office §2): the shopper's tickets, newest first, and a "Nouveau
 * ticket" dialog. A new ticket is announced with its readable number (SAV-YYYY-NNNNNN).
 */
export function SupportTab({ data }: { data: TabData }) {
  const [tickets, setTickets] = useState<SupportTicketView[] | null>(data?.tickets ?? null);
  const [creating, setCreating] = useState(false);
  const [success, setSuccess] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [reloading, setReloading] = useState(false);
  const t = useT();
  const tm = useTranslateMessage();

  async function reload() {
    setReloading(true);
    const result = await fetchSupportTickets();
    setReloading(false);
    if (result.ok) {
      setTickets(result.data);
      setError(null);
    } else setError(SUPPORT_TICKETS_LOAD_ERROR);
  }

  function created(ticket: SupportTicketView) {
    setCreating(false);
    setTickets((list) => [ticket, ...(list ?? []).filter((t) => t.id !== ticket.id)]);
    setSuccess(t("account.support.createdStatus", { number: ticket.ticket_number }));
    showToast(t("account.support.created", { number: ticket.ticket_number }));
  }

  function openForm() {
    setSuccess(null);
    setCreating(true);
  }

  return (
    <div>
      <div className="flex flex-wrap items-center justify-between gap-4">
        <TabHeading>{t("account.tab.support")}</TabHeading>
        {tickets && tickets.length > 0 && (
          <button type="button" onClick={openForm} className={primaryButtonClass}>
            {t("account.support.new")}
          </button>
        )}
      </div>
      <p className="mt-2 text-sm text-muted">
        <T k="account.support.intro" components={{ 0: <Link to="/faq" className="font-semibold text-accent underline" /> }} />
      </p>

      {/* Always in the page, so the announcement of a new ticket is read when it appears. */}
      <div role="status" className="mt-4 empty:hidden">
        {success && <p className="rounded-xl bg-band px-4 py-3 text-sm font-medium text-success">{success}</p>}
      </div>
      {error && (
        <div className="mt-4">
          <FormMessage tone="error">{tm(error)}</FormMessage>
        </div>
      )}

      {tickets === null ? (
        <div className="mt-6 rounded-2xl bg-cream px-6 py-10 text-center">
          {!error && <FormMessage tone="error">{tm(SUPPORT_TICKETS_LOAD_ERROR)}</FormMessage>}
          <button type="button" onClick={reload} disabled={reloading} className={`${secondaryButtonClass} mt-4`}>
            {t(reloading ? "account.loading" : "account.retry")}
          </button>
        </div>
      ) : tickets.length === 0 ? (
        <div className="mt-6 rounded-2xl bg-cream px-6 py-14 text-center">
          <p className="text-lg font-semibold">{t("account.empty.support.title")}</p>
          <p className="mt-2 text-muted">{t("account.empty.support.text")}</p>
          <button type="button" onClick={openForm} className={`${primaryButtonClass} mt-6`}>
            {t("account.support.new")}
          </button>
        </div>
      ) : (
        <ul className="mt-6 space-y-4" aria-label={t("account.support.myTickets")}>
          {tickets.map((ticket) => (
            <TicketItem
              key={ticket.id}
              ticket={ticket}
              onChanged={(changed) => setTickets((list) => (list ?? []).map((t) => (t.id === changed.id ? changed : t)))}
            />
          ))}
        </ul>
      )}

      {creating && (
        <Modal title={t("account.support.new")} onClose={() => setCreating(false)}>
          <TicketForm onCreated={created} onCancel={() => setCreating(false)} />
        </Modal>
      )}
    </div>
  );
}

function TicketItem({ ticket, onChanged }: { ticket: SupportTicketView; onChanged: (ticket: SupportTicketView) => void }) {
  // Dates in the zone the shopper chose in Préférences.
  const format = localizedFormat(useLanguage(), useTimeZone());
  const t = useT();
  const tm = useTranslateMessage();
  const titleId = useId();
  const threadId = useId();
  const [open, setOpen] = useState(false);
  return (
    <li aria-labelledby={titleId} className="rounded-2xl border border-line p-5">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="font-mono text-sm text-muted">
          <span className="sr-only">{t("account.support.ticket")} </span>
          {ticket.ticket_number}
        </p>
        <span className="flex flex-wrap gap-2">
          {ticket.unread && (
            <span data-unread className="rounded-full bg-accent px-3 py-0.5 text-xs font-semibold text-white">
              {t("account.support.newReply")}
            </span>
          )}
          <span className={`rounded-full px-3 py-0.5 text-xs font-semibold ${STATUS_STYLES[ticket.status] ?? STATUS_STYLES.closed}`}>
            <span className="sr-only">{t("account.orderDetail.status")} </span>
            {tm(ticketStatusLabel(ticket.status))}
          </span>
        </span>
      </div>
      <h3 id={titleId} className="mt-1 break-words font-semibold">
        {ticket.subject}
      </h3>
      <p className="mt-1 line-clamp-2 whitespace-pre-line break-words text-sm text-muted">{ticket.description}</p>
      <dl className="mt-3 grid grid-cols-2 gap-x-6 gap-y-2 text-sm sm:grid-cols-3">
        <div>
          <dt className="text-muted">{t("account.support.category")}</dt>
          <dd className="font-medium">{tm(ticketCategoryLabel(ticket.category))}</dd>
        </div>
        <div>
          <dt className="text-muted">{t("account.support.priority")}</dt>
          <dd className="font-medium">{tm(ticketPriorityLabel(ticket.priority))}</dd>
        </div>
        <div>
          <dt className="text-muted">{t("account.support.createdOn")}</dt>
          <dd className="font-medium">
            <time dateTime={ticket.created_at}>{format.dateTime(ticket.created_at)}</time>
          </dd>
        </div>
      </dl>
      <button
        type="button"
        aria-expanded={open}
        aria-controls={threadId}
        onClick={() => setOpen((o) => !o)}
        className="mt-3 text-sm font-semibold text-accent underline"
      >
        {t(open ? "account.support.hideThread" : "account.support.showThread")}
      </button>
      <div id={threadId}>{open && <TicketThread ticket={ticket} onChanged={onChanged} />}</div>
    </li>
  );
}
