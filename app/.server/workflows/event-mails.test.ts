/**
 * E-mails that follow domain events (decision 054): the event carries the request, the `mail`
 * subscriber renders and queues it with its receipt, once however often the event runs.
 */
import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestDatabase } from "../../../tests/support/db";
import type { DatabaseHandle } from "../db/client";
import { eventReceipts, outbox } from "../db/schema";
import { log } from "../logger";
import { mailRequest } from "../mail/mail-request";
import { EVENT_TOPIC, processEvents, recordEvent } from "../outbox/events";
import { OUTBOX_BASE_BACKOFF_MS } from "../outbox/outbox.service";
import { EVENT_SUBSCRIBERS } from "./event-subscribers";

let handle: DatabaseHandle;

beforeAll(async () => {
  handle = await createTestDatabase();
  vi.spyOn(log, "warn").mockImplementation(() => {});
  vi.spyOn(log, "error").mockImplementation(() => {});
});

afterAll(async () => {
  await handle?.close();
  vi.restoreAllMocks();
});

const mailsTo = async (to: string) =>
  (
    await handle.db
      .select({ payload: outbox.payload })
      .from(outbox)
      .where(and(eq(outbox.topic, "mail"), sql`${outbox.payload}->>'to' = ${to}`))
  ).map((r) => r.payload as { subject: string; text: string; html?: string });

async function eventRow(ticketId: string) {
  const [row] = await handle.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.topic, EVENT_TOPIC), sql`${outbox.payload}->'data'->>'ticketId' = ${ticketId}`));
  return row!;
}

const replyData = { firstName: "Zoé", ticketNumber: "T-0001", subject: "Horaires", body: "De 10 h à 18 h.", supportPath: null };

describe("e-mails that follow events", () => {
  it("renders the request in the recipient's language and queues it once, even with three runners at once", async () => {
    const ticketId = randomUUID();
    const to = `zoe-${ticketId}@example.com`;
    await handle.db.transaction((tx) =>
      recordEvent(tx, "ticket.answered", { ticketId, mail: mailRequest(to, "ticket-reply", replyData, { language: "en" }) }),
    );
    // A lease of 0 ms: each pass claims the event while another is still handling it.
    await Promise.all([0, 1, 2].map(() => processEvents(handle.db, EVENT_SUBSCRIBERS, { leaseMs: 0 })));
    await processEvents(handle.db, EVENT_SUBSCRIBERS, { leaseMs: 0 });
    const mails = await mailsTo(to);
    expect(mails).toHaveLength(1);
    expect(mails[0].text).toContain("De 10 h à 18 h.");
    expect(mails[0].subject).toContain("T-0001");
    expect(mails[0].subject).not.toContain("Réponse");
    expect(mails[0].html).toContain("<html");
    // A visitor's ticket has no bell: the notifications subscriber passes without writing.
    const receipts = await handle.db
      .select()
      .from(eventReceipts)
      .where(eq(eventReceipts.eventId, (await eventRow(ticketId)).id));
    expect(receipts.map((r) => r.subscriber).sort()).toEqual(["mail", "notifications"]);
  });

  it("a mail that cannot be rendered leaves no mail and no receipt: the event is tried again", async () => {
    const ticketId = randomUUID();
    const to = `broken-${ticketId}@example.com`;
    await handle.db.transaction((tx) =>
      recordEvent(tx, "ticket.answered", { ticketId, mail: { to, template: "no-such-template", data: {} } }),
    );
    const now = new Date();
    await processEvents(handle.db, EVENT_SUBSCRIBERS, { now });
    const first = await eventRow(ticketId);
    expect(first).toMatchObject({ processedAt: null, attempts: 1 });
    expect(first.lastError).toContain("unknown mail template");
    expect(await mailsTo(to)).toHaveLength(0);
    const receipts = await handle.db.select().from(eventReceipts).where(eq(eventReceipts.eventId, first.id));
    expect(receipts.map((r) => r.subscriber)).toEqual(["notifications"]);
    // Run again after the backoff: still refused, still no mail, one more attempt on record.
    await processEvents(handle.db, EVENT_SUBSCRIBERS, { now: new Date(now.getTime() + OUTBOX_BASE_BACKOFF_MS + 1_000) });
    expect((await eventRow(ticketId)).attempts).toBe(2);
    expect(await mailsTo(to)).toHaveLength(0);
  });

  it("an event recorded before mails followed events (no request) mails nobody", async () => {
    const ticketId = randomUUID();
    await handle.db.transaction((tx) => recordEvent(tx, "ticket.answered", { ticketId }));
    await processEvents(handle.db, EVENT_SUBSCRIBERS);
    expect((await eventRow(ticketId)).processedAt).not.toBeNull();
  });

  it("sends a plain request as written, to each recipient", async () => {
    const endpointId = randomUUID();
    const [a, b] = [`a-${endpointId}@example.com`, `b-${endpointId}@example.com`];
    await handle.db.transaction((tx) =>
      recordEvent(tx, "webhook.failing", {
        endpointId,
        notices: [],
        mails: [a, b].map((to) => ({ to, subject: "Webhook en échec", text: "Vérifiez le service." })),
      }),
    );
    await processEvents(handle.db, EVENT_SUBSCRIBERS);
    await processEvents(handle.db, EVENT_SUBSCRIBERS);
    expect(await mailsTo(a)).toEqual([{ to: a, subject: "Webhook en échec", text: "Vérifiez le service." }]);
    expect(await mailsTo(b)).toHaveLength(1);
  });
});
