import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import {
  afterAll,
  beforeAll,
  beforeEach,
  describe,
  expect,
  it,
  vi,
} from "vitest";
import { eq } from "drizzle-orm";
import { createTestDatabase } from "../../../tests/support/db";
import type { DatabaseHandle } from "../db/client";
import { outbox } from "../db/schema";
import { createMailer } from "../mail/mailer";
import {
  enqueueMail,
  OUTBOX_MAX_ATTEMPTS,
  processOutbox,
  retryDelayMs,
} from "./outbox.service";

let handle: DatabaseHandle;
let mailDir: string;

beforeAll(async () => {
  handle = await createTestDatabase();
  mailDir = fs.mkdtempSync(path.join(os.tmpdir(), "aurore-mail-"));
  vi.spyOn(console, "info").mockImplementation(() => {});
  vi.spyOn(console, "warn").mockImplementation(() => {});
  vi.spyOn(console, "error").mockImplementation(() => {});
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
    expect(console.info).toHaveBeenCalledWith(
      "[mail] mail to lea@example.com: Bienvenue chez Aurore",
    );
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
      expect(row!.availableAt.getTime()).toBe(
        now.getTime() + retryDelayMs(attempt),
      );
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
    const [row] = await handle.db
      .select()
      .from(outbox)
      .where(eq(outbox.topic, "mail"));
    expect(row!.attempts).toBe(OUTBOX_MAX_ATTEMPTS);
  });
});
