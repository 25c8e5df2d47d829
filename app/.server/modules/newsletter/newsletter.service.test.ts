import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { createTestDatabase } from "../../../../tests/support/db";
import type { DatabaseHandle } from "../../db/client";
import { newsletterSubscriptions, outbox } from "../../db/schema";
import type { MailMessage } from "../../mail/mailer";
import {
  CONFIRMATION_RESEND_INTERVAL_MS,
  CONFIRMATION_TOKEN_TTL_MS,
  confirmSubscription,
  hashToken,
  isSubscribed,
  requestSubscription,
  unsubscribe,
} from "./newsletter.service";
import { settleDomainEvents } from "~/.server/workflows/event-subscribers";

const PUBLIC_URL = "https://aurore.example";
let handle: DatabaseHandle;

beforeAll(async () => {
  handle = await createTestDatabase();
});

afterAll(async () => {
  await handle?.close();
});

/** The mails queued for an address, oldest first. */
async function mailsTo(email: string): Promise<MailMessage[]> {
  const rows = await handle.db.select().from(outbox).orderBy(outbox.id);
  return rows.map((r) => r.payload as MailMessage).filter((m) => m.to === email);
}

function linkToken(mail: MailMessage, pathname: string): string {
  const match = mail.text.match(new RegExp(`${PUBLIC_URL}${pathname}\\?token=([A-Za-z0-9_-]+)`));
  if (!match) throw new Error(`no ${pathname} link in the mail`);
  return match[1]!;
}

describe("newsletter double opt-in", () => {
  it("is not active before confirmation and active after the link is opened", async () => {
    const email = "Chloe.Martin@Example.com";
    expect(await requestSubscription(handle.db, email, PUBLIC_URL)).toEqual({
      status: "sent",
    });
    expect(await isSubscribed(handle.db, email)).toBe(false);

    const [mail] = await mailsTo("chloe.martin@example.com");
    expect(mail!.subject).toBe("Confirmez votre inscription à la newsletter Aurore");
    expect(mail!.text).toContain("10 % de réduction sur votre première commande");
    const token = linkToken(mail!, "/newsletter/confirmation");
    expect(Buffer.from(token, "base64url")).toHaveLength(32);

    const [row] = await handle.db
      .select()
      .from(newsletterSubscriptions)
      .where(eq(newsletterSubscriptions.email, "chloe.martin@example.com"));
    // Only the hash is stored.
    expect(row!.confirmTokenHash).toBe(hashToken(token));
    expect(row!.confirmedAt).toBeNull();

    expect(await confirmSubscription(handle.db, token)).toEqual({
      ok: true,
      email: "chloe.martin@example.com",
    });
    await settleDomainEvents(handle.db);
    expect(await isSubscribed(handle.db, email)).toBe(true);
    // The link is single use.
    expect(await confirmSubscription(handle.db, token)).toEqual({ ok: false });
    await settleDomainEvents(handle.db);
  });

  it("refuses a second subscription of a confirmed address without storing or sending anything", async () => {
    const email = "paul.durand@example.com";
    await requestSubscription(handle.db, email, PUBLIC_URL);
    const [mail] = await mailsTo(email);
    await confirmSubscription(handle.db, linkToken(mail!, "/newsletter/confirmation"));
    await settleDomainEvents(handle.db);

    const [before] = await handle.db.select().from(newsletterSubscriptions).where(eq(newsletterSubscriptions.email, email));
    // The confirmation mail and the welcome code's mail.
    expect((await mailsTo(email)).map((m) => m.subject)).toEqual([
      "Confirmez votre inscription à la newsletter Aurore",
      "Votre code de bienvenue : 10 % de réduction",
    ]);
    const later = new Date(Date.now() + 10 * CONFIRMATION_RESEND_INTERVAL_MS);
    expect(await requestSubscription(handle.db, email, PUBLIC_URL, later)).toEqual({ status: "already" });
    const [after] = await handle.db.select().from(newsletterSubscriptions).where(eq(newsletterSubscriptions.email, email));
    expect(after).toEqual(before);
    expect(await mailsTo(email)).toHaveLength(2);
  });

  it("resends to an unconfirmed address at most once a minute, the newest link replacing the old one", async () => {
    const email = "nina.roux@example.com";
    const t0 = new Date();
    await requestSubscription(handle.db, email, PUBLIC_URL, t0);
    expect(await requestSubscription(handle.db, email, PUBLIC_URL, new Date(t0.getTime() + 30_000))).toEqual({
      status: "throttled",
    });
    expect(await mailsTo(email)).toHaveLength(1);

    const t1 = new Date(t0.getTime() + CONFIRMATION_RESEND_INTERVAL_MS);
    expect(await requestSubscription(handle.db, email, PUBLIC_URL, t1)).toEqual({ status: "sent" });
    const [first, second] = await mailsTo(email);
    expect(await confirmSubscription(handle.db, linkToken(first!, "/newsletter/confirmation"), t1)).toEqual({ ok: false });
    await settleDomainEvents(handle.db);
    expect((await confirmSubscription(handle.db, linkToken(second!, "/newsletter/confirmation"), t1)).ok).toBe(true);
    await settleDomainEvents(handle.db);
  });

  it("refuses an invalid or expired token", async () => {
    expect(await confirmSubscription(handle.db, "")).toEqual({ ok: false });
    await settleDomainEvents(handle.db);
    expect(await confirmSubscription(handle.db, "jeton-invente")).toEqual({
      ok: false,
    });
    await settleDomainEvents(handle.db);

    const email = "lucas.bernard@example.com";
    const sentAt = new Date();
    await requestSubscription(handle.db, email, PUBLIC_URL, sentAt);
    const [mail] = await mailsTo(email);
    const expired = new Date(sentAt.getTime() + CONFIRMATION_TOKEN_TTL_MS + 1000);
    expect(await confirmSubscription(handle.db, linkToken(mail!, "/newsletter/confirmation"), expired)).toEqual({
      ok: false,
    });
    await settleDomainEvents(handle.db);
    expect(await isSubscribed(handle.db, email)).toBe(false);
  });

  it("unsubscribes with the mail's link and allows a new subscription afterwards", async () => {
    const email = "emma.petit@example.com";
    await requestSubscription(handle.db, email, PUBLIC_URL);
    const [mail] = await mailsTo(email);
    await confirmSubscription(handle.db, linkToken(mail!, "/newsletter/confirmation"));
    await settleDomainEvents(handle.db);
    expect(await isSubscribed(handle.db, email)).toBe(true);

    const unsubscribeToken = linkToken(mail!, "/newsletter/desinscription");
    expect(await unsubscribe(handle.db, unsubscribeToken)).toEqual({
      ok: true,
    });
    expect(await isSubscribed(handle.db, email)).toBe(false);
    expect(await unsubscribe(handle.db, unsubscribeToken)).toEqual({
      ok: true,
    });
    expect(await unsubscribe(handle.db, "jeton-invente")).toEqual({
      ok: false,
    });

    const later = new Date(Date.now() + CONFIRMATION_RESEND_INTERVAL_MS);
    expect(await requestSubscription(handle.db, email, PUBLIC_URL, later)).toEqual({ status: "sent" });
    expect(await isSubscribed(handle.db, email)).toBe(false);
  });
});
