import { useEffect, useRef, useState, type FormEvent } from "react";
import { useFetcher, useRevalidator } from "react-router";
import { CHAT_MESSAGE_MAX, CHAT_STATUS_LABELS, type ChatConversationView } from "~/domain/chat/chat";
import { formatTime } from "~/lib/paris-time";
import { useActionResult } from "~/components/ui/use-fetcher-answer";
import type { ActionResult } from "~/domain/http/action-result";
import { ReadOnlyNotice } from "./read-only-notice";

const buttonClass =
  "inline-flex min-h-11 items-center justify-center rounded-xl px-4 py-2 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 disabled:opacity-60";

/** What the member's role may do here (decision 066): take, answer and close a conversation. */
export type ChatPageAccess = { write: boolean };
const EVERYTHING: ChatPageAccess = { write: true };

/** What the notice names for a role that reads the conversations only. */
export const CHAT_READ_ONLY = "prendre en charge les conversations ni d'y répondre";

/**
 * The administrators' Chat screen: waiting and active conversations, kept live by the
 * /admin/chat/stream events; take one, answer, close it (decision 047). A role that reads the chat
 * only follows the conversations, without the buttons and the reply (decision 066).
 */
export function AdminChatView({ initial, may = EVERYTHING }: { initial: ChatConversationView[]; may?: ChatPageAccess }) {
  const [conversations, setConversations] = useState<ChatConversationView[]>(initial);
  const [selectedId, setSelectedId] = useState<string | null>(initial[0]?.id ?? null);

  function merge(conversation: ChatConversationView) {
    setConversations((list) => {
      const others = list.filter((c) => c.id !== conversation.id);
      return [...others, conversation].sort((a, b) => a.createdAt.localeCompare(b.createdAt));
    });
  }

  const revalidator = useRevalidator();
  // A fresh list from the loader (after a reconnection) replaces the one held.
  useEffect(() => {
    setConversations((list) => {
      const held = new Map(list.map((c) => [c.id, c]));
      const fresh = new Set(initial.map((c) => c.id));
      // A stream event may be newer than the loader's read: the longer conversation wins.
      const merged = initial.map((c) => {
        const mine = held.get(c.id);
        return mine && mine.messages.length > c.messages.length ? mine : c;
      });
      // One the loader did not list may be newer than its read (a stream event): kept.
      return [...merged, ...list.filter((c) => !fresh.has(c.id))].sort((a, b) => a.createdAt.localeCompare(b.createdAt));
    });
  }, [initial]);

  // Whether the stream is subscribed (data-live, which the journeys wait for).
  const [live, setLive] = useState(false);
  useEffect(() => {
    const source = new EventSource("/admin/chat/stream");
    let connections = 0;
    source.addEventListener("conversation", (event) => {
      merge(JSON.parse((event as MessageEvent<string>).data) as ChatConversationView);
    });
    // After a dropped stream, catch up with what changed meanwhile.
    source.addEventListener("ready", () => {
      if (connections++ > 0) void revalidator.revalidate();
      setLive(true);
    });
    source.addEventListener("error", () => setLive(false));
    return () => source.close();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- one stream for the page's life.
  }, []);

  const open = conversations.filter((c) => c.status === "waiting" || c.status === "active");
  const selected = conversations.find((c) => c.id === selectedId) ?? null;

  return (
    <div className="space-y-6" data-live={live ? "ready" : undefined}>
      <div>
        <h1 className="font-display text-3xl">Chat</h1>
        <p className="mt-1 text-muted" aria-live="polite">
          {open.length === 0
            ? "Aucune conversation en cours"
            : `${open.filter((c) => c.status === "waiting").length} en attente, ${open.filter((c) => c.status === "active").length} en cours`}
        </p>
      </div>
      {may.write ? null : <ReadOnlyNotice what={CHAT_READ_ONLY} />}
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[18rem_1fr]">
        <nav aria-label="Conversations">
          <ul className="space-y-2">
            {open.map((c) => (
              <li key={c.id}>
                <button
                  type="button"
                  onClick={() => setSelectedId(c.id)}
                  aria-current={c.id === selectedId ? "true" : undefined}
                  className={`w-full rounded-xl border px-4 py-3 text-left ${c.id === selectedId ? "border-accent bg-accent-soft" : "border-line bg-white"}`}
                >
                  <span className="block font-semibold break-words">{c.contactName}</span>
                  <span className="block text-sm text-muted">
                    {CHAT_STATUS_LABELS[c.status]} · {c.isShopper ? "Client" : "Visiteur"} · {formatTime(c.createdAt)}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        </nav>
        {selected ? <ConversationPanel key={selected.id} conversation={selected} onChange={merge} writable={may.write} /> : null}
      </div>
    </div>
  );
}

function ConversationPanel({
  conversation,
  onChange,
  writable,
}: {
  conversation: ChatConversationView;
  onChange: (c: ChatConversationView) => void;
  writable: boolean;
}) {
  const fetcher = useFetcher<ActionResult<ChatConversationView>>();
  const [message, setMessage] = useState("");
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const busy = fetcher.state !== "idle";
  const live = conversation.status === "waiting" || conversation.status === "active";
  const { failure } = useActionResult(fetcher, { onSuccess: (result) => onChange(result.data) });

  function submit(intent: "take" | "reply" | "close", event?: FormEvent) {
    event?.preventDefault();
    if (intent === "reply" && message.trim() === "") return;
    void fetcher.submit({ intent, conversationId: conversation.id, message: intent === "reply" ? message : "" }, { method: "post" });
    if (intent === "reply") {
      setMessage("");
      inputRef.current?.focus();
    }
  }

  return (
    <section aria-labelledby="chat-admin-titre" className="rounded-2xl border border-line bg-white p-4 sm:p-6">
      <h2 id="chat-admin-titre" className="text-lg font-semibold break-words">
        Conversation avec {conversation.contactName}
      </h2>
      <p className="text-sm text-muted break-all">
        {conversation.contactEmail} · {CHAT_STATUS_LABELS[conversation.status]}
        {conversation.ticketNumber ? ` · ticket ${conversation.ticketNumber}` : ""}
      </p>
      <div role="log" aria-live="polite" aria-label="Messages" className="mt-4 max-h-96 overflow-y-auto" tabIndex={0}>
        <ol className="space-y-2">
          {conversation.messages.map((m) => (
            <li key={m.id} className={m.author === "system" ? "text-center text-sm text-muted" : ""}>
              {m.author === "system" ? (
                m.body
              ) : (
                <>
                  <span className="text-sm font-semibold">
                    {m.author === "admin" ? `${m.authorName} (vous)` : m.authorName} · {formatTime(m.createdAt)}
                  </span>
                  <p className="break-words whitespace-pre-wrap">{m.body}</p>
                </>
              )}
            </li>
          ))}
        </ol>
      </div>
      {failure ? (
        <p role="alert" className="mt-3 text-sm font-medium text-danger">
          {failure.message}
        </p>
      ) : null}
      {live && writable ? (
        <div className="mt-4 space-y-3">
          {conversation.status === "waiting" ? (
            <button type="button" disabled={busy} onClick={() => submit("take")} className={`${buttonClass} bg-ink text-white`}>
              Prendre en charge
            </button>
          ) : null}
          <form onSubmit={(e) => submit("reply", e)} className="space-y-2">
            <label htmlFor="chat-admin-message" className="text-sm font-semibold">
              Votre réponse
            </label>
            <textarea
              id="chat-admin-message"
              ref={inputRef}
              rows={3}
              value={message}
              maxLength={CHAT_MESSAGE_MAX}
              onChange={(e) => setMessage(e.currentTarget.value)}
              onKeyDown={(e) => {
                if (e.key === "Enter" && !e.shiftKey) submit("reply", e);
              }}
              className="block w-full rounded-xl border border-line px-3 py-2"
            />
            <div className="flex flex-wrap gap-2">
              <button type="submit" disabled={busy} className={`${buttonClass} bg-accent text-white`}>
                Envoyer la réponse
              </button>
              <button type="button" disabled={busy} onClick={() => submit("close")} className={`${buttonClass} border border-line`}>
                Terminer la conversation
              </button>
            </div>
          </form>
        </div>
      ) : null}
    </section>
  );
}
