import { useId, useRef, useState, type FormEvent } from "react";
import { FormMessage, inputClass, primaryButtonClass, secondaryButtonClass } from "~/components/ui/form-parts";
import { FieldShell, errorIdOf } from "~/components/ui/field";
import { T, useLanguage, useT, useTranslateMessage } from "~/components/ui/i18n";
import { LANGUAGE_LOCALES } from "~/domain/i18n/languages";
import { createSupportTicket } from "../support-ticket-api";
import {
  DEFAULT_TICKET_CATEGORY,
  DEFAULT_TICKET_PRIORITY,
  SupportTicketSchema,
  TICKET_CATEGORIES,
  TICKET_CATEGORY_LABELS,
  TICKET_DESCRIPTION_MAX,
  TICKET_PRIORITIES,
  TICKET_PRIORITY_LABELS,
  TICKET_SUBJECT_MAX,
  supportTicketFieldErrors,
  type SupportTicketField,
  type SupportTicketFieldErrors,
  type SupportTicketView,
} from "~/domain/support/support-ticket.schema";
import * as ACCOUNT_MESSAGES from "~/domain/messages/account";

export const TICKET_CREATE_ERROR_MESSAGE = ACCOUNT_MESSAGES.errorWhileCreatingTicket;

type Values = Record<SupportTicketField, string>;
const EMPTY: Values = { subject: "", description: "", category: DEFAULT_TICKET_CATEGORY, priority: DEFAULT_TICKET_PRIORITY };
const FIELD_ORDER: SupportTicketField[] = ["subject", "category", "priority", "description"];

/**
 * The ticket form of "Support Client" (spec back-office §5): subject and description required,
 * category "Autre" and priority "Normale" preselected. Checked in the browser with the server's
 * schema; the typed text stays in place whatever the server answers.
 */
export function TicketForm({ onCreated, onCancel }: { onCreated: (ticket: SupportTicketView) => void; onCancel: () => void }) {
  const t = useT();
  const tm = useTranslateMessage();
  const locale = LANGUAGE_LOCALES[useLanguage()];
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<SupportTicketFieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const baseId = useId();
  const fieldId = (name: SupportTicketField) => `${baseId}-${name}`;
  const counterId = `${baseId}-description-count`;

  function update(name: SupportTicketField, value: string) {
    setValues((v) => ({ ...v, [name]: value }));
    setErrors((e) => {
      if (!(name in e)) return e;
      const next = { ...e };
      delete next[name];
      return next;
    });
    setFormError(null);
  }

  function focusFirstError(found: SupportTicketFieldErrors) {
    const first = FIELD_ORDER.find((name) => found[name]);
    if (first) formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    event.stopPropagation();
    if (busy) return;
    const parsed = SupportTicketSchema.safeParse(values);
    if (!parsed.success) {
      const found = supportTicketFieldErrors(parsed.error);
      setErrors(found);
      focusFirstError(found);
      return;
    }
    setBusy(true);
    setFormError(null);
    const result = await createSupportTicket(parsed.data);
    setBusy(false);
    if (result.ok) {
      onCreated(result.data);
      return;
    }
    if (result.status === 400 && Object.keys(result.fieldErrors).length > 0) {
      setErrors(result.fieldErrors);
      focusFirstError(result.fieldErrors);
      return;
    }
    setFormError(result.status === 401 ? result.message || TICKET_CREATE_ERROR_MESSAGE : TICKET_CREATE_ERROR_MESSAGE);
  }

  return (
    <form ref={formRef} noValidate onSubmit={submit} className="space-y-4" aria-label={t("account.ticketForm.label")}>
      <p className="text-sm text-muted">
        <T k="account.ticketForm.requiredNote" components={{ 0: <span aria-hidden="true" />, 1: <span className="sr-only" /> }} />
      </p>
      <FieldShell id={fieldId("subject")} label={t("account.ticketForm.subject")} required error={errors.subject && tm(errors.subject)}>
        <input
          id={fieldId("subject")}
          name="subject"
          type="text"
          maxLength={TICKET_SUBJECT_MAX}
          value={values.subject}
          onChange={(e) => update("subject", e.target.value)}
          aria-required
          aria-invalid={errors.subject ? true : undefined}
          aria-describedby={errorIdOf(fieldId("subject"), errors.subject)}
          data-autofocus
          className={inputClass}
        />
      </FieldShell>
      <div className="grid gap-4 sm:grid-cols-2">
        <FieldShell id={fieldId("category")} label={t("account.ticketForm.category")} error={errors.category && tm(errors.category)}>
          <select
            id={fieldId("category")}
            name="category"
            value={values.category}
            onChange={(e) => update("category", e.target.value)}
            aria-invalid={errors.category ? true : undefined}
            aria-describedby={errorIdOf(fieldId("category"), errors.category)}
            className={inputClass}
          >
            {TICKET_CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {tm(TICKET_CATEGORY_LABELS[c])}
              </option>
            ))}
          </select>
        </FieldShell>
        <FieldShell id={fieldId("priority")} label={t("account.ticketForm.priority")} error={errors.priority && tm(errors.priority)}>
          <select
            id={fieldId("priority")}
            name="priority"
            value={values.priority}
            onChange={(e) => update("priority", e.target.value)}
            aria-invalid={errors.priority ? true : undefined}
            aria-describedby={errorIdOf(fieldId("priority"), errors.priority)}
            className={inputClass}
          >
            {TICKET_PRIORITIES.map((p) => (
              <option key={p} value={p}>
                {tm(TICKET_PRIORITY_LABELS[p])}
              </option>
            ))}
          </select>
        </FieldShell>
      </div>
      <FieldShell
        id={fieldId("description")}
        label={t("account.ticketForm.description")}
        required
        error={errors.description && tm(errors.description)}
      >
        <textarea
          id={fieldId("description")}
          name="description"
          rows={6}
          maxLength={TICKET_DESCRIPTION_MAX}
          value={values.description}
          onChange={(e) => update("description", e.target.value)}
          aria-required
          aria-invalid={errors.description ? true : undefined}
          aria-describedby={[errorIdOf(fieldId("description"), errors.description), counterId].filter(Boolean).join(" ")}
          className={inputClass}
        />
        <p id={counterId} className="mt-1 text-right text-xs text-muted">
          {t("account.ticketForm.counter", {
            count: values.description.length.toLocaleString(locale),
            max: TICKET_DESCRIPTION_MAX.toLocaleString(locale),
          })}
        </p>
      </FieldShell>
      {formError && <FormMessage tone="error">{tm(formError)}</FormMessage>}
      <div className="flex flex-wrap justify-end gap-3">
        <button type="button" onClick={onCancel} className={secondaryButtonClass}>
          {t("account.ticketForm.cancel")}
        </button>
        <button type="submit" disabled={busy} className={primaryButtonClass}>
          {busy ? t("account.ticketForm.sending") : t("account.ticketForm.submit")}
        </button>
      </div>
    </form>
  );
}
