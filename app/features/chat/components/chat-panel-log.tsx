import { useEffect, useRef } from "react";
import type { ChatConversationView, ChatSystemNotice } from "~/domain/chat/chat";
import { formatTime } from "~/lib/paris-time";
import { useT } from "~/components/ui/i18n";

/** Where the conversation stands: waiting, with whom, turned into a ticket, or ended. */
export function ChatStatus({ conversation }: { conversation: ChatConversationView }) {
  const t = useT();
  return (
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
  );
}

/** The messages, as a live log. */
export function ChatLog({ conversation }: { conversation: ChatConversationView }) {
  const logRef = useRef<HTMLDivElement>(null);
  const t = useT();
  // The shop's own system lines, worded in the page's language (decision 044); others as stored.
  const wordNotice = (notice: ChatSystemNotice) =>
    notice.code === "joined"
      ? t("common.chat.joined", { name: notice.name })
      : notice.code === "converted"
        ? t("common.chat.converted", { ticket: notice.ticket })
        : t("common.chat.closed");

  // The newest message stays in view.
  const messageCount = conversation.messages.length;
  useEffect(() => {
    logRef.current?.scrollTo({ top: logRef.current.scrollHeight });
  }, [messageCount]);

  return (
    <div role="log" aria-live="polite" aria-label={t("shop.chat.log")} className="mt-3 max-h-80 overflow-y-auto" tabIndex={0} ref={logRef}>
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
  );
}
