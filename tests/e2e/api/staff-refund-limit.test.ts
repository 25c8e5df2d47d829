/**
 * The admin API for staff sessions (decision 066), against the running shop: a refund is held to
 * the owner's refund limit (a role that refunds within it is refused above it, a role that
 * refunds without one confirms its second factor again above it, a key is not bounded), a GDPR
 * erasure asks a session for a recent second factor, and an accounting export through the API
 * is logged with its caller. Needs the shop's database (PostgreSQL) to make staff members, age a
 * second factor check and set the limit.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, inArray } from "drizzle-orm";
import { openDatabase, type DatabaseHandle } from "../../../app/.server/db/client";
import { adminActivityLog, session, staffFactorChecks, user } from "../../../app/.server/db/schema";
import { createApiKey } from "../../../app/.server/modules/api-keys/api-keys.service";
import { getRefundLimitCents, setRefundLimitCents } from "../../../app/.server/modules/settings/staff-settings.service";
import { API_AREAS } from "~/domain/api-keys/api-keys";
import { refundOverLimitMessage, SECOND_FACTOR_AGAIN_MESSAGE } from "~/domain/staff/staff-messages";
import { STEP_UP_MINUTES } from "~/domain/staff/permissions";
import { formatPrice } from "~/lib/money";
import { addParisDays, parisDay } from "~/lib/paris-time";
import { E2E_ADMIN, uniqueEmail } from "../../support/accounts";
import { signInCookie, signUpCookie } from "../../support/http-session";
import { apiCall, placeOrderOverHttp } from "../../support/orders-http";
import { e2eShop } from "../../support/e2e-shop";
import { makeStaff, staffCookie } from "../../support/staff";

type Json = Record<string, any>;
const { baseURL, databaseUrl } = e2eShop();
const PASSWORD = "Secret123!Aurore";
/** 3 €: low enough for any order of the catalogue to be refunded above it. */
const LIMIT = 300;

let handle: DatabaseHandle;
let limitBefore: number;
let owner: string;
const members = new Map<string, { id: string; cookie: string }>();

async function userIdOf(email: string): Promise<string> {
  const [row] = await handle.db.select({ id: user.id }).from(user).where(eq(user.email, email));
  return row.id;
}

async function newMember(role: string): Promise<{ id: string; cookie: string }> {
  const email = uniqueEmail(`refund-${role}`);
  await signUpCookie(baseURL, email, PASSWORD, "Équipe");
  const id = await userIdOf(email);
  await makeStaff(handle.db, id, role);
  return { id, cookie: await staffCookie(baseURL, email, PASSWORD) };
}

/** As if every session of the member passed the second factor longer ago than the step-up window. */
async function ageSecondFactor(userId: string): Promise<void> {
  const sessions = handle.db.select({ id: session.id }).from(session).where(eq(session.userId, userId));
  await handle.db
    .update(staffFactorChecks)
    .set({ checkedAt: new Date(Date.now() - (STEP_UP_MINUTES + 1) * 60_000) })
    .where(inArray(staffFactorChecks.sessionId, sessions));
}

async function newKey(scopes: Record<string, "read" | "write">): Promise<{ id: string; secret: string }> {
  // The form sends every area, "none" where the key has no access.
  const all = Object.fromEntries(API_AREAS.map((area) => [area, scopes[area] ?? "none"]));
  const { key, secret } = await createApiKey(handle.db, { name: `limite-${randomUUID().slice(0, 8)}`, scopes: all }, { createdBy: null });
  return { id: key.id, secret };
}

const refund = (orderId: string, cookie: string | null, amountCents: number, headers: Record<string, string> = {}) =>
  apiCall(
    baseURL,
    "POST",
    `/api/v1/admin/orders/${orderId}/refunds`,
    cookie,
    { amount_cents: amountCents, reason: "Geste commercial" },
    {
      "idempotency-key": `limit-${randomUUID()}`,
      ...headers,
    },
  );

async function refundedCents(orderId: string): Promise<number[]> {
  const listed = await apiCall(baseURL, "GET", `/api/v1/admin/orders/${orderId}/refunds`, owner);
  expect(listed.status).toBe(200);
  return (listed.json.data.refunds as Json[]).map((r) => r.amount_cents as number);
}

describe.runIf(Boolean(databaseUrl))("the admin API for staff sessions (PostgreSQL)", () => {
  let order: Json;

  beforeAll(async () => {
    handle = await openDatabase({ kind: "postgres", url: databaseUrl!, poolSize: 2 });
    limitBefore = await getRefundLimitCents(handle.db);
    // The files of a worker run one after the other on its own shop: the limit is restored after.
    await setRefundLimitCents(handle.db, LIMIT);
    owner = await signInCookie(baseURL, E2E_ADMIN.email, E2E_ADMIN.password);
    for (const role of ["customer_service", "administrator", "logistics"]) members.set(role, await newMember(role));
    order = await placeOrderOverHttp(baseURL, await signUpCookie(baseURL, uniqueEmail("refund-limit"), PASSWORD, "Inès"));
    // Room for every refund below, each above the limit.
    expect(order.total_cents).toBeGreaterThan(10 * LIMIT);
  }, 120_000);

  afterAll(async () => {
    if (handle) {
      await setRefundLimitCents(handle.db, limitBefore);
      await handle.close();
    }
  });

  it("lets customer service refund up to the limit and refuses it a cent above, naming the limit", async () => {
    const { cookie } = members.get("customer_service")!;
    const within = await refund(order.id, cookie, LIMIT);
    expect(within.status, JSON.stringify(within.json)).toBe(201);
    const above = await refund(order.id, cookie, LIMIT + 1);
    expect(above.status).toBe(403);
    expect(above.json.error).toMatchObject({ code: "refund_over_limit", message: refundOverLimitMessage(formatPrice(LIMIT)) });
    expect(above.json.error.message).toContain("3,00");
    // Refused before anything is paid: only the first refund exists.
    expect(await refundedCents(order.id)).toEqual([LIMIT]);
  });

  it("refuses a role without the refund permission, even a small amount", async () => {
    const answer = await refund(order.id, members.get("logistics")!.cookie, 100);
    expect(answer.status).toBe(403);
    expect(answer.json.error.code).toBe("missing_permission");
  });

  it("lets an administrator refund above the limit right after its second factor, and asks for it again 15 minutes later", async () => {
    const admin = members.get("administrator")!;
    const fresh = await refund(order.id, admin.cookie, 2 * LIMIT);
    expect(fresh.status, JSON.stringify(fresh.json)).toBe(201);
    await ageSecondFactor(admin.id);
    const stale = await refund(order.id, admin.cookie, 2 * LIMIT);
    expect(stale.status).toBe(403);
    expect(stale.json.error).toMatchObject({ code: "second_factor_required", message: SECOND_FACTOR_AGAIN_MESSAGE });
    // Within the limit the second factor is not asked again.
    const small = await refund(order.id, admin.cookie, LIMIT);
    expect(small.status, JSON.stringify(small.json)).toBe(201);
    // Customer service's refund, then the administrator's two: the refused one paid nothing.
    expect((await refundedCents(order.id)).sort((a, b) => a - b)).toEqual([LIMIT, LIMIT, 2 * LIMIT]);
  });

  it("does not bound a key with orders:write, which has no second factor", async () => {
    const key = await newKey({ orders: "write" });
    const answer = await refund(order.id, null, 3 * LIMIT, { authorization: `Bearer ${key.secret}` });
    expect(answer.status, JSON.stringify(answer.json)).toBe(201);
    expect(answer.json.data.refund.amount_cents).toBe(3 * LIMIT);
  });

  it("erases a client only for a role with the erasure permission and a recent second factor", async () => {
    const email = uniqueEmail("erase-me");
    await signUpCookie(baseURL, email, PASSWORD, "Léa");
    const clientId = await userIdOf(email);
    const path = `/api/v1/admin/clients/${clientId}`;

    const withoutErasure = await apiCall(baseURL, "DELETE", path, members.get("customer_service")!.cookie);
    expect(withoutErasure.status).toBe(403);
    expect(withoutErasure.json.error.code).toBe("missing_permission");

    const admin = members.get("administrator")!;
    await ageSecondFactor(admin.id);
    const stale = await apiCall(baseURL, "DELETE", path, admin.cookie);
    expect(stale.status).toBe(403);
    expect(stale.json.error.code).toBe("second_factor_required");
    expect((await apiCall(baseURL, "GET", path, owner)).status).toBe(200);

    const erased = await apiCall(baseURL, "DELETE", path, owner);
    expect(erased.status, JSON.stringify(erased.json)).toBe(200);
    expect(erased.json.data).toMatchObject({ id: clientId, deleted: true });
  });

  it("logs an accounting export through the API with its caller, a key or a staff member", async () => {
    const today = parisDay(new Date());
    const from = addParisDays(today, -1);
    const key = await newKey({ accounting: "read" });
    const byKey = await fetch(`${baseURL}/api/v1/admin/accounting/ledger?from=${from}&to=${today}`, {
      headers: { authorization: `Bearer ${key.secret}` },
    });
    expect(byKey.status).toBe(200);
    const admin = members.get("administrator")!;
    // A quarter long before the shop's first order: nothing unsealed in it, so it is answered.
    const byStaff = await fetch(`${baseURL}/api/v1/admin/accounting/oss?year=2001&quarter=1`, {
      headers: { cookie: admin.cookie },
    });
    expect(byStaff.status).toBe(200);
    // A refused period exports nothing, and logs nothing.
    const refused = await fetch(`${baseURL}/api/v1/admin/accounting/ledger?from=${today}&to=${from}`, {
      headers: { authorization: `Bearer ${key.secret}` },
    });
    expect(refused.status).toBe(400);

    const entriesOf = (actorId: string) =>
      handle.db
        .select({
          actorType: adminActivityLog.actorType,
          entityType: adminActivityLog.entityType,
          entityId: adminActivityLog.entityId,
          after: adminActivityLog.after,
        })
        .from(adminActivityLog)
        .where(and(eq(adminActivityLog.action, "accounting.export"), eq(adminActivityLog.actorId, actorId)));
    await expect
      .poll(() => entriesOf(key.id), { timeout: 15_000 })
      .toEqual([{ actorType: "api_key", entityType: "accounting", entityId: "ledger", after: { kind: "ledger", from, to: today } }]);
    await expect
      .poll(() => entriesOf(admin.id), { timeout: 15_000 })
      .toEqual([
        {
          actorType: "user",
          entityType: "accounting",
          entityId: "oss",
          after: { kind: "oss", year: 2001, quarter: 1, from: "2001-01-01", to: "2001-03-31" },
        },
      ]);
  });
});
