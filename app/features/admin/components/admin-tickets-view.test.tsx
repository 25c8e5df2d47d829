// @vitest-environment happy-dom
/**
 * Support's list for a role that reads the tickets without answering them (decision 066): the
 * status selectors are left out, the status still reads, and the page says why; the owner keeps
 * them.
 */
import { act } from "react";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { reactRoot } from "../../../../tests/support/react-root";
import { withI18n } from "../../../../tests/support/i18n";
import { ticketStatusLabel } from "~/domain/support/support-ticket.schema";
import type { AdminTicketPage, AdminTicketQuery, AdminTicketRow } from "~/domain/support/admin-tickets.schema";
import { AdminTicketsView, TICKETS_READ_ONLY, type AdminSecurityReportRow, type TicketsPageAccess } from "./admin-tickets-view";
import { readOnlyMessage } from "./read-only-notice";

const dom = reactRoot();

const row: AdminTicketRow = {
  id: "11111111-1111-4111-8111-111111111111",
  ticket_number: "TK-2026-000042",
  subject: "Colis abîmé",
  description: "Le flacon est arrivé fêlé.",
  customer_name: "Camille Durand",
  email: "camille@example.com",
  has_account: true,
  category: "order",
  priority: "normal",
  status: "in_progress",
  created_at: "2026-11-02T10:00:00.000Z",
  unread: false,
} as AdminTicketRow;
const page: AdminTicketPage = { rows: [row], total: 1, page: 1, page_size: 20, page_count: 1 };
const query = { status: "all", category: "all", priority: "all", page: 1 } as AdminTicketQuery;
const report: AdminSecurityReportRow = {
  id: "r1",
  issueType: "phishing",
  urgency: "high",
  description: "Un faux e-mail",
  contactEmail: "camille@example.com",
  status: "open",
  ticketId: row.id,
  userName: "Camille Durand",
  createdAt: "2026-11-02T10:00:00.000Z",
};

async function show(may: TicketsPageAccess | undefined, reports: AdminSecurityReportRow[] | null = null) {
  const Stub = createRoutesStub([
    {
      path: "/admin/tickets",
      Component: () => withI18n(<AdminTicketsView query={query} result={reports ? null : page} reports={reports} may={may} />),
    },
  ]);
  await act(async () => dom.root.render(<Stub initialEntries={["/admin/tickets"]} />));
}

const statusSelect = () => dom.container.querySelector(`[aria-label="Statut du ticket ${row.ticket_number}"]`);
const links = () => [...dom.container.querySelectorAll("a")].map((a) => a.textContent);

describe("Support's list by role", () => {
  it("shows a read-only role the status as text, without its selector, and says why", async () => {
    await show({ write: false });
    expect(dom.container.textContent).toContain(readOnlyMessage(TICKETS_READ_ONLY));
    expect(statusSelect()).toBeNull();
    expect(dom.container.querySelector("form[method='post']")).toBeNull();
    expect(dom.container.querySelector("[data-status='in_progress']")?.textContent).toBe(ticketStatusLabel("in_progress"));
    expect(links()).toContain("Colis abîmé");
  });

  it("keeps the owner's status selector, without the line", async () => {
    await show(undefined);
    expect(statusSelect()).not.toBeNull();
    expect(dom.container.textContent).not.toContain("Lecture seule");
    await show({ write: true });
    expect(statusSelect()).not.toBeNull();
  });

  it("offers a read-only role to read a security report's ticket, not to answer in it", async () => {
    await show({ write: false }, [report]);
    expect(dom.container.textContent).toContain(readOnlyMessage(TICKETS_READ_ONLY));
    expect(links()).toContain("Voir le ticket");
    expect(links()).not.toContain("Répondre dans le ticket");
    await show({ write: true }, [report]);
    expect(links()).toContain("Répondre dans le ticket");
    expect(dom.container.textContent).not.toContain("Lecture seule");
  });
});
