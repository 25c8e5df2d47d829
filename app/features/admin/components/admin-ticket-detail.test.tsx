// @vitest-environment happy-dom
/**
 * One ticket for a role that reads the tickets without answering them (decision 066): the thread
 * and the status read, the reply, the internal note and the status selector are left out, and the
 * page says why; the owner keeps all three.
 */
import { act } from "react";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { reactRoot } from "../../../../tests/support/react-root";
import { withI18n } from "../../../../tests/support/i18n";
import { ticketStatusLabel } from "~/domain/support/support-ticket.schema";
import { AdminTicketDetailView } from "./admin-ticket-detail";
import { TICKETS_READ_ONLY, type TicketsPageAccess } from "./admin-tickets-view";
import { readOnlyMessage } from "./read-only-notice";

const dom = reactRoot();

const detail = {
  ticket: {
    id: "11111111-1111-4111-8111-111111111111",
    ticket_number: "TK-2026-000042",
    subject: "Colis abîmé",
    description: "Le flacon est arrivé fêlé.",
    category: "order" as const,
    priority: "normal" as const,
    status: "open" as const,
    created_at: "2026-11-02T10:00:00.000Z",
    updated_at: "2026-11-02T10:00:00.000Z",
    unread: false,
    customer_name: "Camille Durand",
    email: "camille@example.com",
    has_account: true,
  },
  messages: [
    {
      id: 1,
      author_type: "customer" as const,
      author: "Camille Durand",
      body: "Le flacon est arrivé fêlé.",
      created_at: "2026-11-02T10:00:00.000Z",
      internal_note: false,
    },
    {
      id: 2,
      author_type: "admin" as const,
      author: "Service client",
      body: "Photo demandée au transporteur.",
      created_at: "2026-11-02T11:00:00.000Z",
      internal_note: true,
    },
  ],
  was_unread: false,
};

async function show(may?: TicketsPageAccess) {
  const Stub = createRoutesStub([
    { path: "/admin/tickets/:id", Component: () => withI18n(<AdminTicketDetailView detail={detail} may={may} />) },
  ]);
  await act(async () => dom.root.render(<Stub initialEntries={[`/admin/tickets/${detail.ticket.id}`]} />));
}

const buttons = () => [...dom.container.querySelectorAll("button")].map((b) => b.textContent);
const statusSelect = () => dom.container.querySelector(`[aria-label="Statut du ticket ${detail.ticket.ticket_number}"]`);

describe("a ticket by role", () => {
  it("shows a read-only role the thread and the status, without any form, and says why", async () => {
    await show({ write: false });
    expect(dom.container.textContent).toContain(readOnlyMessage(TICKETS_READ_ONLY));
    expect(dom.container.textContent).toContain("Photo demandée au transporteur.");
    expect(dom.container.querySelectorAll("[aria-label='Messages du ticket'] > li")).toHaveLength(2);
    expect(dom.container.textContent).toContain(ticketStatusLabel("open"));
    expect(statusSelect()).toBeNull();
    expect(dom.container.querySelector("textarea")).toBeNull();
    expect(dom.container.querySelector("form")).toBeNull();
    expect(buttons()).not.toContain("Envoyer la réponse");
    expect(buttons()).not.toContain("Ajouter la note");
  });

  it("keeps the owner's reply, note and status, without the line", async () => {
    await show();
    expect(statusSelect()).not.toBeNull();
    expect(dom.container.querySelectorAll("textarea")).toHaveLength(2);
    expect(buttons()).toEqual(expect.arrayContaining(["Envoyer la réponse", "Ajouter la note"]));
    expect(dom.container.textContent).not.toContain("Lecture seule");
  });
});
