import { lazy, Suspense, useEffect, useState } from "react";
import type { ChatState } from "~/domain/chat/chat";
import { nextOpeningValues } from "~/domain/chat/chat-opening";
import { T, useT } from "~/components/ui/i18n";

/** The chat itself is loaded only when a shopper opens it: the storefront's JS budget stays as it was. */
const ChatPanel = lazy(() => import("./chat-panel"));

const buttonClass =
  "inline-flex min-h-11 w-full items-center justify-center rounded-full bg-ink px-5 py-2 font-semibold text-white hover:opacity-90 focus-visible:outline-2 focus-visible:outline-offset-2";

/**
 * The 'Chat en direct' card's action (decision 047). Without JavaScript it offers the contact
 * form; with it, it asks GET /chat whether the chat is open and whether this visit already holds a
 * conversation, then opens the chat panel (loaded on demand) in the card.
 */
export function ChatCardAction({ contactFormHref }: { contactFormHref: string }) {
  const [state, setState] = useState<ChatState | null>(null);
  const [opened, setOpened] = useState(false);
  const t = useT();

  useEffect(() => {
    let cancelled = false;
    fetch("/chat", { headers: { accept: "application/json" } })
      .then((res) => (res.ok ? (res.json() as Promise<ChatState>) : null))
      .then((value) => {
        if (cancelled || !value) return;
        setState(value);
        // A conversation under way (a reload, another page of the visit) reopens at once, and so
        // does the chat asked for by the account pages' launcher (?chat=ouvert).
        const underWay = value.conversation && (value.conversation.status === "waiting" || value.conversation.status === "active");
        if (underWay || new URLSearchParams(window.location.search).get("chat") === "ouvert") setOpened(true);
      })
      .catch(() => {});
    return () => {
      cancelled = true;
    };
  }, []);

  if (!state) {
    return (
      <p className="mt-4 text-sm">
        <T
          k="shop.chat.writeToUs"
          // eslint-disable-next-line jsx-a11y/anchor-has-content -- the message's <0>…</0> ("Écrivez-nous") becomes the link's text.
          components={{ 0: <a href={contactFormHref} className="font-semibold text-accent underline" /> }}
        />
      </p>
    );
  }
  if (opened) {
    return (
      <Suspense fallback={<p className="mt-4 text-sm text-muted">{t("shop.chat.loading")}</p>}>
        <ChatPanel initial={state} />
      </Suspense>
    );
  }
  return (
    <div className="mt-auto pt-4">
      {state.open ? (
        <p className="mb-3 text-sm font-semibold text-success">{t("shop.chat.available")}</p>
      ) : (
        <p className="mb-3 text-sm">
          {state.nextOpening
            ? t("shop.chat.closedUntil", { when: t("common.chat.nextOpening", nextOpeningValues(state.nextOpening)) })
            : t("shop.chat.closed")}
        </p>
      )}
      <button type="button" className={buttonClass} onClick={() => setOpened(true)}>
        {state.open ? t("shop.chat.start") : t("shop.chat.leaveMessage")}
      </button>
    </div>
  );
}
