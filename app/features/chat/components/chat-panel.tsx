import { useEffect, useRef, useState, type FormEvent } from "react";
import {
  CHAT_MESSAGE_MAX,
  ChatMessageSchema,
  ChatStartSchema,
  type ChatConversationView,
  type ChatState,
  type ChatSystemNotice,
} from "~/domain/chat/chat";
import { formatTime } from "~/lib/paris-time";
import { useT, useTranslateMessage } from "~/components/ui/i18n";
import * as SHOP_MESSAGES from "~/domain/messages/shop";
import { failureFieldErrors, type ActionResult } from "~/domain/http/action-result";

/** What POST /chat answers (decision 056). */
type ChatAnswer = ActionResult<ChatConversationView>;

const inputClass = "mt-1 block min-h-11 w-full rounded-xl border border-line bg-white px-3 py-2 text-ink";
const buttonClass =
  "inline-flex min-h-11 items-center justify-center rounded-full bg-ink px-5 py-2 font-semibold text-white hover:opacity-90 disabled:opacity-60";

async function post(body: Record<string, string>): Promise<ChatAnswer> {
  try {
    const res = await fetch("/chat", {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify(body),
    });
    return (await res.json()) as ChatAnswer;
  } catch {
    return { ok: false, code: "network", message: SHOP_MESSAGES.messageCouldNotSentTry };
  }
}

/**
 * The live chat (loaded on demand by the card, decision 047): the start form (a visitor's name
 * and e-mail first), then the messages as a live log, kept current by /chat/stream.
 */
export default function ChatPanel({ initial }: { initial: ChatState }) {
  const [conversation, setConversation] = useState<ChatConversationView | null>(initial.conversation);
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<string, string>>>({});
  const [busy, setBusy] = useState(false);
  const [draft, setDraft] = useState("");
  const firstField = useRef<HTMLInputElement & HTMLTextAreaElement>(null);
  const messageField = useRef<HTMLTextAreaElement>(null);
  const logRef = useRef<HTMLDivElement>(null);
  const conversationId = conversation?.id;
  const t = useT();
  const translateMessage = useTranslateMessage();
  // The shop's own system lines, worded in the page's language (decision 044); others as stored.
  const wordNotice = (notice: ChatSystemNotice) =>
    notice.code === "joined"
      ? t("common.chat.joined", { name: notice.name })
      : notice.code === "converted"
        ? t("common.chat.converted", { ticket: notice.ticket })
        : t("common.chat.closed");

  useEffect(() => {
    if (!conversationId) firstField.current?.focus();
    else messageField.current?.focus();
  }, [conversationId]);

  // The newest message stays in view.
  const messageCount = conversation?.messages.length ?? 0;
  useEffect(() => {
    logRef.current?.scrollTo({ top: logRef.current.scrollHeight });
  }, [messageCount]);

  useEffect(() => {
    if (!conversationId) return;
    const source = new EventSource("/chat/stream");
    source.addEventListener("conversation", (event) => {
      setConversation(JSON.parse((event as MessageEvent<string>).data) as ChatConversationView);
    });
    // After a reconnection, catch up with what changed while the stream was down.
    source.addEventListener("ready", () => {
      fetch("/chat", { headers: { accept: "application/json" } })
        .then((res) => (res.ok ? (res.json() as Promise<ChatState>) : null))
        .then((state) => state?.conversation && setConversation(state.conversation))
        .catch(() => {});
    });
    return () => source.close();
  }, [conversationId]);

  async function start(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const values = {
      name: String(form.get("name") ?? ""),
      email: String(form.get("email") ?? ""),
      message: String(form.get("message") ?? ""),
    };
    if (!initial.signedIn) {
      const parsed = ChatStartSchema.safeParse(values);
      if (!parsed.success) {
        const errors: Record<string, string> = {};
        for (const issue of parsed.error.issues) errors[String(issue.path[0])] ??= issue.message;
        setFieldErrors(errors);
        return;
      }
    } else {
      const parsed = ChatMessageSchema.safeParse(values.message);
      if (!parsed.success) {
        setFieldErrors({ message: parsed.error.issues[0]?.message ?? "" });
        return;
      }
    }
    setFieldErrors({});
    setBusy(true);
    const answer = await post({ intent: "start", ...values });
    setBusy(false);
    if (answer.ok) {
      setError(null);
      setConversation(answer.data);
    } else {
      setError(answer.message);
      setFieldErrors(failureFieldErrors(answer));
    }
  }

  async function send(event: FormEvent) {
    event.preventDefault();
    const parsed = ChatMessageSchema.safeParse(draft);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? null);
      return;
    }
    setBusy(true);
    const answer = await post({ intent: "send", message: draft });
    setBusy(false);
    if (answer.ok) {
      setError(null);
      setDraft("");
      setConversation(answer.data);
      messageField.current?.focus();
    } else {
      setError(answer.message);
    }
  }

  const alert = error ? (
    <p role="alert" className="mt-3 rounded-xl bg-accent-soft px-3 py-2 text-sm font-medium text-danger">
      {translateMessage(error)}
    </p>
  ) : null;

  if (!conversation) {
    const closed = !initial.open;
    return (
      <form onSubmit={start} noValidate className="mt-4 space-y-3" aria-label={closed ? t("shop.chat.leaveMessage") : t("shop.chat.start")}>
        {alert}
        {!initial.signedIn ? (
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
            ref={initial.signedIn ? firstField : undefined}
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

  const live = conversation.status === "waiting" || conversation.status === "active";
  return (
    <div className="mt-4">
      <p className="text-sm text-muted" aria-live="polite">
        {conversation.status === "waiting"
          ? t("shop.chat.waiting")
          : conversation.status === "active"
            ? conversation.assignedAdminName
              ? t("shop.chat.talkingWith", { name: conversation.assignedAdminName })
              : t("shop.chat.talkingWithAdvisor")
            : conversation.status === "converted"
              ? t("shop.chat.converted", { ticket: conversation.ticketNumber ?? "" })
              : t("shop.chat.ended")}
      </p>
      <div
        role="log"
        aria-live="polite"
        aria-label={t("shop.chat.log")}
        className="mt-3 max-h-80 overflow-y-auto"
        tabIndex={0}
        ref={logRef}
      >
        <ol className="space-y-2">
          {conversation.messages.map((m) => (
            <li
              key={m.id}
              className={
                m.author === "system"
                  ? "text-center text-sm text-muted"
                  : `rounded-xl px-3 py-2 ${m.author === "participant" ? "ml-6 bg-cream" : "mr-6 bg-band"}`
              }
            >
              {m.author === "system" ? (
                m.notice ? (
                  wordNotice(m.notice)
                ) : (
                  m.body
                )
              ) : (
                <>
                  <span className="block text-xs font-semibold">
                    {m.author === "participant" ? t("shop.chat.you") : m.authorName} · {formatTime(m.createdAt)}
                  </span>
                  <span className="block break-words whitespace-pre-wrap">{m.body}</span>
                </>
              )}
            </li>
          ))}
        </ol>
      </div>
      {alert}
      {live ? (
        <form onSubmit={send} noValidate className="mt-3 space-y-2">
          <label htmlFor="chat-message" className="text-sm font-semibold">
            {t("shop.chat.yourMessage")}
          </label>
          <textarea
            ref={messageField}
            id="chat-message"
            rows={2}
            value={draft}
            maxLength={CHAT_MESSAGE_MAX}
            onChange={(e) => setDraft(e.currentTarget.value)}
            onKeyDown={(e) => {
              if (e.key === "Enter" && !e.shiftKey) void send(e);
            }}
            className={inputClass}
          />
          <button type="submit" disabled={busy} className={`${buttonClass} w-full`}>
            {t("shop.chat.send")}
          </button>
        </form>
      ) : null}
    </div>
  );
}

function Field({ id, label, error, children }: { id: string; label: string; error?: string; children: React.ReactElement }) {
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
