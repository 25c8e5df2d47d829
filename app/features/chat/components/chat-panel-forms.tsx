import type { FormEvent, ReactElement, ReactNode, RefObject } from "react";
import { CHAT_MESSAGE_MAX, ChatMessageSchema, ChatStartSchema } from "~/domain/chat/chat";
import { useT, useTranslateMessage } from "~/components/ui/i18n";

const inputClass = "mt-1 block min-h-11 w-full rounded-xl border border-line bg-white px-3 py-2 text-ink";
const buttonClass =
  "inline-flex min-h-11 items-center justify-center rounded-full bg-ink px-5 py-2 font-semibold text-white hover:opacity-90 disabled:opacity-60";

export type ChatStartValues = { name: string; email: string; message: string };

/** The start form's messages by field, or null when it may be sent: a visitor names themselves first. */
export function startFormErrors(values: ChatStartValues, signedIn: boolean): Record<string, string> | null {
  if (!signedIn) {
    const parsed = ChatStartSchema.safeParse(values);
    if (parsed.success) return null;
    const errors: Record<string, string> = {};
    for (const issue of parsed.error.issues) errors[String(issue.path[0])] ??= issue.message;
    return errors;
  }
  const parsed = ChatMessageSchema.safeParse(values.message);
  return parsed.success ? null : { message: parsed.error.issues[0]?.message ?? "" };
}

/** The start form: a visitor's name and e-mail (not asked of a signed-in shopper), then the first message. */
export function ChatStartForm({
  signedIn,
  closed,
  busy,
  fieldErrors,
  alert,
  firstField,
  onSubmit,
}: {
  signedIn: boolean;
  /** The chat is closed: the message is left for later. */
  closed: boolean;
  busy: boolean;
  fieldErrors: Partial<Record<string, string>>;
  alert: ReactNode;
  firstField: RefObject<(HTMLInputElement & HTMLTextAreaElement) | null>;
  onSubmit: (event: FormEvent<HTMLFormElement>) => Promise<void>;
}) {
  const t = useT();
  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className="mt-4 space-y-3"
      aria-label={closed ? t("shop.chat.leaveMessage") : t("shop.chat.start")}
    >
      {alert}
      {!signedIn ? (
        <>
          <Field id="chat-name" label={t("shop.chat.name")} error={fieldErrors.name}>
            <input ref={firstField} id="chat-name" name="name" autoComplete="name" maxLength={100} className={inputClass} />
          </Field>
          <Field id="chat-email" label={t("shop.chat.email")} error={fieldErrors.email}>
            <input id="chat-email" name="email" type="email" autoComplete="email" maxLength={254} className={inputClass} />
          </Field>
        </>
      ) : null}
      <Field id="chat-first-message" label={t("shop.chat.yourMessage")} error={fieldErrors.message}>
        <textarea
          ref={signedIn ? firstField : undefined}
          id="chat-first-message"
          name="message"
          rows={3}
          maxLength={CHAT_MESSAGE_MAX}
          className={inputClass}
        />
      </Field>
      <button type="submit" disabled={busy} className={`${buttonClass} w-full`}>
        {closed ? t("shop.chat.sendMessage") : t("shop.chat.startConversation")}
      </button>
    </form>
  );
}

/** The message box of a live conversation: Enter sends, Shift+Enter starts a new line. */
export function ChatMessageForm({
  draft,
  onDraftChange,
  busy,
  messageField,
  onSend,
}: {
  draft: string;
  onDraftChange: (draft: string) => void;
  busy: boolean;
  messageField: RefObject<HTMLTextAreaElement | null>;
  onSend: (event: FormEvent) => Promise<void>;
}) {
  const t = useT();
  return (
    <form onSubmit={onSend} noValidate className="mt-3 space-y-2">
      <label htmlFor="chat-message" className="text-sm font-semibold">
        {t("shop.chat.yourMessage")}
      </label>
      <textarea
        ref={messageField}
        id="chat-message"
        rows={2}
        value={draft}
        maxLength={CHAT_MESSAGE_MAX}
        onChange={(e) => onDraftChange(e.currentTarget.value)}
        onKeyDown={(e) => {
          if (e.key === "Enter" && !e.shiftKey) void onSend(e);
        }}
        className={inputClass}
      />
      <button type="submit" disabled={busy} className={`${buttonClass} w-full`}>
        {t("shop.chat.send")}
      </button>
    </form>
  );
}

function Field({ id, label, error, children }: { id: string; label: string; error?: string; children: ReactElement }) {
  const translateMessage = useTranslateMessage();
  return (
    <div>
      <label htmlFor={id} className="text-sm font-semibold">
        {label}
      </label>
      {children}
      {error ? (
        <p id={`${id}-erreur`} className="mt-1 text-sm font-medium text-danger">
          {translateMessage(error)}
        </p>
      ) : null}
    </div>
  );
}
