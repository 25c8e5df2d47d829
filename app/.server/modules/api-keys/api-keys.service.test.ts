import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { createTestDatabase } from "../../../../tests/support/db";
import type { DatabaseHandle } from "../../db/client";
import { adminActivityLog, apiKeys } from "../../db/schema";
import { createApiKey, listApiKeys, revokeApiKey, verifyApiKey } from "./api-keys.service";
import { requireApiKey } from "../../api/admin-api";
import { API_AREAS, scopesAllow, type ApiAreaChoice } from "~/domain/api-keys/api-keys";
import { API_KEY_REQUESTS_PER_MINUTE } from "~/lib/shop-rules";
import { isDomainError } from "~/domain/errors";
import { settleDomainEvents } from "~/.server/workflows/event-subscribers";

let handle: DatabaseHandle;
const actor = { type: "user" as const, id: null, label: "admin@aurore.test" };

function form(name: string, choices: Partial<Record<(typeof API_AREAS)[number], ApiAreaChoice>>, expiresOn = "") {
  return { name, scopes: Object.fromEntries(API_AREAS.map((a) => [a, choices[a] ?? "none"])), expires_on: expiresOn };
}

/** The Response requireApiKey threw, as status, Retry-After and body. */
async function refusal(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (thrown) {
    if (thrown instanceof Response) {
      return { status: thrown.status, retryAfter: thrown.headers.get("retry-after"), body: (await thrown.json()) as unknown };
    }
    throw thrown;
  }
  throw new Error("accepted");
}

beforeAll(async () => {
  handle = await createTestDatabase();
});

afterAll(async () => {
  await handle?.close();
});

describe("createApiKey", () => {
  it("answers the secret once, stores only its hash and its visible prefix, and logs the creation", async () => {
    const { key, secret } = await createApiKey(handle.db, form("Connecteur ERP", { catalog: "write", stock: "read" }), {
      createdBy: null,
      actor,
    });
    expect(secret).toMatch(/^aur_live_[A-Za-z0-9_-]{43}$/);
    expect(key.prefix).toBe(secret.slice(0, 17));
    expect(key.scopes).toEqual(["catalog:write", "stock:read"]);
    const [row] = await handle.db.select().from(apiKeys).where(eq(apiKeys.id, key.id));
    expect(row.secretHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(secret);
    expect(JSON.stringify(await listApiKeys(handle.db))).not.toContain(secret.slice(17));
    await settleDomainEvents(handle.db);
    const [entry] = await handle.db.select().from(adminActivityLog).where(eq(adminActivityLog.entityId, key.id));
    expect(entry).toMatchObject({
      action: "api_key.create",
      summary: "Clé API « Connecteur ERP » créée (Catalogue (écriture), Stock (lecture))",
    });
    expect(JSON.stringify(entry)).not.toContain(secret);
  });

  it("refuses a blank name, no scope, a past or impossible expiry, and a NUL byte, in French", async () => {
    const reasons = async (values: unknown) => {
      try {
        await createApiKey(handle.db, values, { createdBy: null, now: new Date("2026-06-15T10:00:00Z") });
      } catch (error) {
        if (isDomainError(error)) return error.fieldErrors;
        throw error;
      }
      return "accepted";
    };
    expect(await reasons(form("  ", { catalog: "read" }))).toEqual({ name: "Le nom de la clé est requis" });
    expect(await reasons(form("Sans accès", {}))).toEqual({ scopes: "Choisissez au moins un accès" });
    expect(await reasons(form("Passée", { catalog: "read" }, "2026-06-14"))).toEqual({
      expires_on: "La date d'expiration doit être une date à venir",
    });
    expect(await reasons(form("Impossible", { catalog: "read" }, "2026-02-31"))).toEqual({
      expires_on: "La date d'expiration doit être une date à venir",
    });
    expect(await reasons(form("Nul\u0000", { catalog: "read" }))).toEqual({ name: "Ce champ contient des caractères non autorisés." });
  });
});

describe("verifyApiKey", () => {
  it("accepts the secret, refuses a wrong prefix, an unknown secret, a revoked key and an expired key", async () => {
    const { key, secret } = await createApiKey(handle.db, form("Vérif", { stock: "write" }), { createdBy: null });
    expect(await verifyApiKey(handle.db, secret)).toEqual({ ok: true, key: { id: key.id, name: "Vérif", scopes: ["stock:write"] } });
    expect(await verifyApiKey(handle.db, secret.replace("aur_live_", "aur_test_"))).toEqual({ ok: false, reason: "invalid" });
    expect(await verifyApiKey(handle.db, `${secret.slice(0, -1)}${secret.endsWith("A") ? "B" : "A"}`)).toEqual({
      ok: false,
      reason: "invalid",
    });

    const [row] = await handle.db.select({ lastUsedAt: apiKeys.lastUsedAt }).from(apiKeys).where(eq(apiKeys.id, key.id));
    expect(row.lastUsedAt).toBeInstanceOf(Date);

    await revokeApiKey(handle.db, key.id, actor);
    expect(await verifyApiKey(handle.db, secret)).toEqual({ ok: false, reason: "revoked" });
    await settleDomainEvents(handle.db);
    const [entry] = await handle.db.select().from(adminActivityLog).where(eq(adminActivityLog.action, "api_key.revoke"));
    expect(entry.summary).toBe("Clé API « Vérif » révoquée");
  });

  it("refuses a key from the start of the Paris day after its last day", async () => {
    const created = new Date("2026-06-15T10:00:00Z");
    const { secret } = await createApiKey(handle.db, form("Expire", { catalog: "read" }, "2026-06-20"), { createdBy: null, now: created });
    expect((await verifyApiKey(handle.db, secret, new Date("2026-06-20T21:59:59Z"))).ok).toBe(true);
    // Midnight in Paris (summer time) is 22:00 UTC.
    expect(await verifyApiKey(handle.db, secret, new Date("2026-06-20T22:00:00Z"))).toEqual({ ok: false, reason: "expired" });
  });
});

describe("scopes", () => {
  it("write implies read, read never allows write, other areas stay closed", () => {
    expect(scopesAllow(["catalog:write"], "catalog", "read")).toBe(true);
    expect(scopesAllow(["catalog:write"], "catalog", "write")).toBe(true);
    expect(scopesAllow(["catalog:read"], "catalog", "write")).toBe(false);
    expect(scopesAllow(["catalog:write"], "stock", "read")).toBe(false);
  });

  it("requireApiKey answers 401 for a bad key, 403 without the scope, the key's actor otherwise", async () => {
    const { key, secret } = await createApiKey(handle.db, form("Lecture catalogue", { catalog: "read" }), { createdBy: null });
    expect(await requireApiKey(handle.db, `Bearer ${secret}`, "catalog", "read")).toEqual({
      actor: { type: "api_key", id: key.id, label: "Lecture catalogue" },
      userId: null,
    });
    expect(await refusal(requireApiKey(handle.db, `Bearer ${secret}`, "catalog", "write"))).toEqual({
      status: 403,
      retryAfter: null,
      body: { error: { code: "insufficient_scope", message: "Cette clé API n'a pas l'accès « Catalogue (écriture) »" } },
    });
    expect(await refusal(requireApiKey(handle.db, `Basic ${secret}`, "catalog", "read"))).toMatchObject({
      status: 401,
      body: { error: { code: "invalid_api_key", message: "Clé API invalide" } },
    });
    await revokeApiKey(handle.db, key.id);
    expect(await refusal(requireApiKey(handle.db, `Bearer ${secret}`, "catalog", "read"))).toMatchObject({
      status: 401,
      body: { error: { code: "revoked_api_key", message: "Clé API révoquée" } },
    });
  });
});

describe("rate limit", () => {
  it("lets a key make its requests per minute, then answers 429 with Retry-After; another key is not affected", async () => {
    const a = await createApiKey(handle.db, form("Pressée", { stock: "read" }), { createdBy: null });
    const b = await createApiKey(handle.db, form("Calme", { stock: "read" }), { createdBy: null });
    const now = new Date(Math.floor(Date.now() / 60_000) * 60_000 + 1_000);
    for (let i = 0; i < API_KEY_REQUESTS_PER_MINUTE; i++) await requireApiKey(handle.db, `Bearer ${a.secret}`, "stock", "read", now);
    const refused = await refusal(requireApiKey(handle.db, `Bearer ${a.secret}`, "stock", "read", now));
    expect(refused).toMatchObject({ status: 429, body: { error: { code: "rate_limited" } } });
    expect(Number(refused.retryAfter)).toBeGreaterThanOrEqual(1);
    expect((await requireApiKey(handle.db, `Bearer ${b.secret}`, "stock", "read", now)).actor.label).toBe("Calme");
  });
});
