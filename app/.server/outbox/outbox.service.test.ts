import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { eq } from "drizzle-orm";
import { createTestDatabase } from "../../../tests/support/db";
import type { DatabaseHandle } from "../db/client";
import { outbox } from "../db/schema";
import { createMailer, type MailMessage, type SendMail } from "../mail/mailer";
import { enqueueMail, OUTBOX_MAX_ATTEMPTS, processOutbox, retryDelayMs } from "./outbox.service";
import { log } from "../logger";

let handle: DatabaseHandle;
let mailDir: string;

beforeAll(async () => {
  handle = await createTestDatabase();
  mailDir = fs.mkdtempSync(path.join(os.tmpdir(), "aurore-mail-"));
  vi.spyOn(log, "info").mockImplementation(() => {});
});

afterAll(async () => {
  await handle?.close();
  fs.rmSync(mailDir, { recursive: true, force: true });
  vi.restoreAllMocks();
});

beforeEach(async () => {
  await handle.db.delete(outbox);
});

describe("mail outbox", () => {
  it("writes an enqueued mail to the mail folder exactly once", async () => {
    const send = createMailer({
      from: "Aurore <contact@aurore-beaute.fr>",
      mailDir,
    });
    await handle.db.transaction((tx) =>
      enqueueMail(tx, {
        to: "lea@example.com",
        subject: "Bienvenue chez Aurore",
        text: "Bonjour Léa",
      }),
    );

    expect(await processOutbox(handle.db, send)).toEqual({
      sent: 1,
      failed: 0,
    });
    expect(await processOutbox(handle.db, send)).toEqual({
      sent: 0,
      failed: 0,
    });

    const files = fs.readdirSync(mailDir);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/^\d+-[0-9a-f]+\.eml$/);
    const eml = fs.readFileSync(path.join(mailDir, files[0]!), "utf8");
    expect(eml).toContain("To: lea@example.com");
    expect(eml).toContain("Subject: Bienvenue chez Aurore");
    const [row] = await handle.db.select().from(outbox);
    expect(row!.processedAt).toBeInstanceOf(Date);
    expect(row!.attempts).toBe(0);
    expect(log.info).toHaveBeenCalledWith({ to: "lea@example.com", subject: "Bienvenue chez Aurore" }, "mail sent");
  });

  it("sends a row again after a crash mid-send with the same Message-ID, committed before the first send", async () => {
    await enqueueMail(handle.db, { to: "nina@example.com", subject: "Votre commande", text: "Merci" });
    const now = new Date(Date.now() + 1000);
    // The first worker hands the mail to the SMTP server and dies before marking the row.
    const seen: MailMessage[] = [];
    let arrived!: () => void;
    const handedOver = new Promise<void>((resolve) => (arrived = resolve));
    const dying: SendMail = async (mail) => {
      seen.push(mail);
      arrived();
      await new Promise<never>(() => {});
    };
    void processOutbox(handle.db, dying, { now, leaseMs: 60_000 });
    await handedOver;
    const [claimed] = await handle.db.select().from(outbox);
    expect(claimed!.processedAt).toBeNull();
    expect(claimed!.messageId).toMatch(/^<[0-9a-f-]{36}@aurore-beaute\.fr>$/);
    expect(seen.map((m) => m.messageId)).toEqual([claimed!.messageId]);

    // Hidden while the lease runs, then sent again by the next worker, as the same message.
    const send = createMailer({ from: "Aurore <contact@aurore-beaute.fr>", mailDir });
    expect(await processOutbox(handle.db, send, { now: new Date(now.getTime() + 59_000) })).toEqual({ sent: 0, failed: 0 });
    expect(await processOutbox(handle.db, send, { now: new Date(now.getTime() + 61_000) })).toEqual({ sent: 1, failed: 0 });
    const [row] = await handle.db.select().from(outbox);
    expect(row!.processedAt).toBeInstanceOf(Date);
    expect(row!.messageId).toBe(claimed!.messageId);
    const emls = fs.readdirSync(mailDir).map((f) => fs.readFileSync(path.join(mailDir, f), "utf8"));
    const resent = emls.filter((e) => e.includes("To: nina@example.com"));
    expect(resent).toHaveLength(1);
    expect(resent[0]).toContain(`Message-ID: ${claimed!.messageId}`);
  });

  it("gives every row its own Message-ID", async () => {
    for (const to of ["a@example.com", "b@example.com", "c@example.com"]) await enqueueMail(handle.db, { to, subject: "S", text: "T" });
    const ids: (string | undefined)[] = [];
    expect(await processOutbox(handle.db, async (mail) => void ids.push(mail.messageId), { now: new Date(Date.now() + 1000) })).toEqual({
      sent: 3,
      failed: 0,
    });
    expect(new Set(ids).size).toBe(3);
    const rows = await handle.db.select().from(outbox);
    expect(rows.map((r) => r.messageId).sort()).toEqual([...ids].sort());
  });

  it("does not send a mail whose transaction rolled back", async () => {
    const send = vi.fn(async () => {});
    await expect(
      handle.db.transaction(async (tx) => {
        await enqueueMail(tx, {
          to: "annule@example.com",
          subject: "Annulé",
          text: "...",
        });
        throw new Error("rollback");
      }),
    ).rejects.toThrow("rollback");
    expect(await processOutbox(handle.db, send)).toEqual({
      sent: 0,
      failed: 0,
    });
    expect(send).not.toHaveBeenCalled();
  });

  it("retries a failing mail with a growing backoff and gives up after 5 attempts", async () => {
    const send = vi.fn(async () => {
      throw new Error("SMTP indisponible");
    });
    await enqueueMail(handle.db, {
      to: "marc@example.com",
      subject: "Essai",
      text: "...",
    });
    // The row's available_at is the database's now() with microseconds: start a second later so
    // a JavaScript Date of the same millisecond is never "before" it.
    let now = new Date(Date.now() + 1000);

    for (let attempt = 1; attempt <= OUTBOX_MAX_ATTEMPTS; attempt++) {
      expect(await processOutbox(handle.db, send, { now })).toEqual({
        sent: 0,
        failed: 1,
      });
      const [row] = await handle.db.select().from(outbox);
      expect(row!.attempts).toBe(attempt);
      expect(row!.lastError).toBe("SMTP indisponible");
      expect(row!.processedAt).toBeNull();
      expect(row!.availableAt.getTime()).toBe(now.getTime() + retryDelayMs(attempt));
      // Not due again before the backoff has elapsed.
      expect(
        await processOutbox(handle.db, send, {
          now: new Date(now.getTime() + retryDelayMs(attempt) - 1000),
        }),
      ).toEqual({
        sent: 0,
        failed: 0,
      });
      now = new Date(now.getTime() + retryDelayMs(attempt));
    }
    expect(retryDelayMs(2)).toBe(2 * retryDelayMs(1));

    // Given up: even long after, the row is not tried again.
    expect(
      await processOutbox(handle.db, send, {
        now: new Date(now.getTime() + 86_400_000),
      }),
    ).toEqual({
      sent: 0,
      failed: 0,
    });
    expect(send).toHaveBeenCalledTimes(OUTBOX_MAX_ATTEMPTS);
    const [row] = await handle.db.select().from(outbox).where(eq(outbox.topic, "mail"));
    expect(row!.attempts).toBe(OUTBOX_MAX_ATTEMPTS);
  });
});
