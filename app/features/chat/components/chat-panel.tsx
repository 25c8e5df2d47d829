import { useEffect, useRef, useState, type FormEvent } from "react";
import { ChatMessageSchema, type ChatConversationView, type ChatState } from "~/domain/chat/chat";
import { useTranslateMessage } from "~/components/ui/i18n";
import * as SHOP_MESSAGES from "~/domain/messages/shop";
import { failureFieldErrors, type ActionResult } from "~/domain/http/action-result";
import { useChatConversation } from "./chat-panel-conversation";
import { ChatMessageForm, ChatStartForm, startFormErrors } from "./chat-panel-forms";
import { ChatLog, ChatStatus } from "./chat-panel-log";

/** What POST /chat answers (decision 056). */

async function post(body: Record<string, string>): Promise<ActionResult<ChatConversationView>> {
  try {
    const res = await fetch("/chat", {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify(body),
    });
    return (await res.json()) as ActionResult<ChatConversationView>;
  } catch {
    return { ok: false, code: "network", message: SHOP_MESSAGES.messageCouldNotSentTry };
  }
}

/**
 * The live chat (loaded on demand by the card, decision 047): the start form (a visitor's name
 * and e-mail first), then the messages as a live log, kept current by /chat/stream.
 */
export default function ChatPanel({ initial }: { initial: ChatState }) {
  const [conversation, setConversation] = useChatConversation(initial);
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<string, string>>>({});
  const [busy, setBusy] = useState(false);
  const [draft, setDraft] = useState("");
  const firstField = useRef<HTMLInputElement & HTMLTextAreaElement>(null);
  const messageField = useRef<HTMLTextAreaElement>(null);
  const conversationId = conversation?.id;
  const translateMessage = useTranslateMessage();

  useEffect(() => {
    if (!conversationId) firstField.current?.focus();
    else messageField.current?.focus();
  }, [conversationId]);

  async function start(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const values = {
      name: String(form.get("name") ?? ""),
      email: String(form.get("email") ?? ""),
      message: String(form.get("message") ?? ""),
    };
    const errors = startFormErrors(values, initial.signedIn);
    if (errors) {
      setFieldErrors(errors);
      return;
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
    return (
      <ChatStartForm
        signedIn={initial.signedIn}
        closed={!initial.open}
        busy={busy}
        fieldErrors={fieldErrors}
        alert={alert}
        firstField={firstField}
        onSubmit={start}
      />
    );
  }

  const live = conversation.status === "waiting" || conversation.status === "active";
  return (
    <div className="mt-4">
      <ChatStatus conversation={conversation} />
      <ChatLog conversation={conversation} />
      {alert}
      {live ? <ChatMessageForm draft={draft} onDraftChange={setDraft} busy={busy} messageField={messageField} onSend={send} /> : null}
    </div>
  );
}
