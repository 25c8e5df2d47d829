import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { createTestDatabase } from "../../../tests/support/db";
import type { DatabaseHandle } from "../db/client";
import { outbox, securityReports, supportTickets, user } from "../db/schema";
import { reportSecurityProblem } from "./security-report";
import { listSecurityReports } from "../modules/accounts/security.service";
import { getShopIdentity, updateShopIdentity } from "../modules/settings/shop-identity.service";
import { readTicketThread } from "../modules/support/ticket-thread.service";

let handle: DatabaseHandle;
const shopper = "user-security-report-lou";
const origin = { ip: "203.0.113.9", ua: "Mozilla/5.0" };

beforeAll(async () => {
  handle = await createTestDatabase();
  await handle.db.insert(user).values({ id: shopper, name: "Lou Perrin", email: "lou.secu@example.com" });
  const identity = await getShopIdentity(handle.db, 0);
  await updateShopIdentity(handle.db, { ...identity, securityContactEmail: "rssi@aurore.test" });
});

afterAll(async () => {
  await handle?.close();
});

describe("reportSecurityProblem", () => {
  it("stores the report, opens a security ticket for the reporter and e-mails the security contact", async () => {
    const receipt = await reportSecurityProblem(
      handle.db,
      shopper,
      { issueType: "unknown_device", description: "Une session depuis Lima que je ne reconnais pas.", urgency: "high" },
      origin,
    );
    expect(receipt.mailedTo).toBe("rssi@aurore.test");
    const [report] = await handle.db.select().from(securityReports).where(eq(securityReports.id, receipt.reportId));
    expect(report.ticketId).toBe(receipt.ticketId);
    const [ticket] = await handle.db.select().from(supportTickets).where(eq(supportTickets.id, receipt.ticketId));
    expect(ticket).toMatchObject({ category: "security", priority: "urgent", userId: shopper, contactEmail: "lou.secu@example.com" });
    expect(ticket.subject).toBe("Signalement de sécurité : Appareil inconnu");

    const mails = (
      await handle.db
        .select()
        .from(outbox)
        .where(sql`${outbox.payload}->>'to' = 'rssi@aurore.test'`)
    ).map((r) => r.payload as { subject: string; text: string });
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe(`Signalement de sécurité (urgence élevée) : Appareil inconnu - ${receipt.ticketNumber}`);
    expect(mails[0].text).toContain("Une session depuis Lima que je ne reconnais pas.");
    expect(mails[0].text).toContain(`/admin/tickets/${receipt.ticketId}`);

    const thread = await readTicketThread(handle.db, shopper, receipt.ticketId);
    expect(thread.messages.map((m) => m.body)).toEqual(["Une session depuis Lima que je ne reconnais pas."]);
  });

  it("lists reports the most urgent first, then the newest, with their ticket's status", async () => {
    await reportSecurityProblem(
      handle.db,
      shopper,
      { issueType: "phishing_attempt", description: "Un faux mail Aurore.", urgency: "low" },
      origin,
    );
    await reportSecurityProblem(handle.db, shopper, { issueType: "other", description: "Autre souci.", urgency: "high" }, origin);
    const reports = await listSecurityReports(handle.db);
    expect(reports.map((r) => [r.urgency, r.description])).toEqual([
      ["high", "Autre souci."],
      ["high", "Une session depuis Lima que je ne reconnais pas."],
      ["low", "Un faux mail Aurore."],
    ]);
    expect(reports.every((r) => r.status === "open" && r.ticketId)).toBe(true);
  });

  it("refuses an invalid report, storing nothing and sending nothing", async () => {
    const before = {
      reports: (await handle.db.select().from(securityReports)).length,
      mails: (await handle.db.select().from(outbox)).length,
    };
    await expect(
      reportSecurityProblem(handle.db, shopper, { issueType: "unknown_device", description: "  " }, origin),
    ).rejects.toMatchObject({
      kind: "invalid",
    });
    expect((await handle.db.select().from(securityReports)).length).toBe(before.reports);
    expect((await handle.db.select().from(outbox)).length).toBe(before.mails);
  });
});
