// @vitest-environment happy-dom
/**
 * Chat for a role that reads the conversations without answering (decision 066): the
 * conversation and its messages show, 'Prendre en charge', the reply and 'Terminer' are left out,
 * and the page says why; the owner keeps them. The live stream is a stand-in EventSource.
 */
import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { createRoutesStub } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { withI18n } from "../../../../tests/support/i18n";
import type { ChatConversationView } from "~/domain/chat/chat";
import { AdminChatView, CHAT_READ_ONLY, type ChatPageAccess } from "./admin-chat-view";
import { readOnlyMessage } from "./read-only-notice";

/** An EventSource that never connects: the page renders as before its stream is ready. */
class SilentEventSource {
  constructor(readonly url: string) {}
  addEventListener() {}
  close() {}
}

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
let container: HTMLDivElement;
let root: Root;

beforeEach(() => {
  vi.stubGlobal("EventSource", SilentEventSource);
  container = document.createElement("div");
  document.body.append(container);
  root = createRoot(container);
});
afterEach(() => {
  act(() => root.unmount());
  container.remove();
  vi.unstubAllGlobals();
});

const waiting: ChatConversationView = {
  id: "c1",
  status: "waiting",
  contactName: "Camille Durand",
  contactEmail: "camille@example.com",
  isShopper: true,
  assignedAdminName: null,
  ticketNumber: null,
  createdAt: "2026-11-02T10:00:00.000Z",
  messages: [
    { id: 1, author: "participant", authorName: "Camille", body: "Bonjour, ma commande ?", createdAt: "2026-11-02T10:00:00.000Z" },
  ],
};

async function show(may?: ChatPageAccess) {
  const Stub = createRoutesStub([{ path: "/admin/chat", Component: () => withI18n(<AdminChatView initial={[waiting]} may={may} />) }]);
  await act(async () => root.render(<Stub initialEntries={["/admin/chat"]} />));
}

const buttons = () => [...container.querySelectorAll("button")].map((b) => b.textContent);

describe("Chat by role", () => {
  it("shows a read-only role the conversation without taking, answering or closing it, and says why", async () => {
    await show({ write: false });
    expect(container.textContent).toContain(readOnlyMessage(CHAT_READ_ONLY));
    expect(container.textContent).toContain("Conversation avec Camille Durand");
    expect(container.textContent).toContain("Bonjour, ma commande ?");
    expect(buttons()).not.toContain("Prendre en charge");
    expect(buttons()).not.toContain("Envoyer la réponse");
    expect(buttons()).not.toContain("Terminer la conversation");
    expect(container.querySelector("textarea")).toBeNull();
  });

  it("keeps the owner's buttons and reply, without the line", async () => {
    await show();
    expect(buttons()).toEqual(expect.arrayContaining(["Prendre en charge", "Envoyer la réponse", "Terminer la conversation"]));
    expect(container.querySelector("#chat-admin-message")).not.toBeNull();
    expect(container.textContent).not.toContain("Lecture seule");
  });
});
