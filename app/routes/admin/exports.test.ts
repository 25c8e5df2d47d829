/**
 * The back-office's downloads of personal data and of the books (decision 066), from their
 * loaders on a test database: the clients' export asks for a recent second factor (JSON for a
 * script, the French sentence for a link) and both exports are logged in the activity log.
 * The session is given (requireStaff's own checks are the permission matrix's); the factor check
 * and the log are real.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { and, eq, sql } from "drizzle-orm";
import { createTestDatabase } from "../../../tests/support/db";
import { createShopper } from "../../../tests/support/shoppers";
import type { DatabaseHandle } from "~/.server/db/client";
import { outbox, session as sessions, staffFactorChecks } from "~/.server/db/schema";
import { recordFactorCheck } from "~/.server/modules/staff/staff.service";
import type { StaffSession } from "~/.server/auth/session.server";
import { BUILTIN_ROLES } from "~/domain/staff/roles";
import { SECOND_FACTOR_AGAIN_MESSAGE } from "~/domain/staff/staff-messages";
import { STEP_UP_MINUTES } from "~/domain/staff/permissions";

const db = vi.hoisted(() => ({ current: undefined as unknown }));
vi.mock("~/.server/db", () => ({ getDb: async () => db.current }));
const signedIn = vi.hoisted(() => ({ current: undefined as unknown }));
vi.mock("~/.server/auth/session.server", async (importOriginal) => ({
  ...(await importOriginal<typeof import("~/.server/auth/session.server")>()),
  requireStaff: async () => signedIn.current,
  requireApiStaff: async () => signedIn.current,
}));

let handle: DatabaseHandle;
let clientsExport: (typeof import("./clients-export"))["loader"];
let accountingExport: (typeof import("./accounting-export"))["loader"];
let staff: StaffSession;
let clients: string[];

beforeAll(async () => {
  // The unit files share a worker's modules (isolate: false): modules another file loaded hold
  // the real database; loaded afresh, the loaders and what they import see this file's mocks.
  vi.resetModules();
  ({ loader: clientsExport } = await import("./clients-export"));
  ({ loader: accountingExport } = await import("./accounting-export"));
  handle = await createTestDatabase();
  db.current = handle.db;
  const owner = await createShopper(handle.db, { name: "Odile Propriétaire" });
  const sessionId = "session-exports";
  await handle.db
    .insert(sessions)
    .values({ id: sessionId, token: "token-exports", userId: owner.id, expiresAt: new Date(Date.now() + 3_600_000) });
  staff = {
    sessionId,
    sessionToken: "token-exports",
    user: {
      id: owner.id,
      email: owner.email,
      name: "Odile Propriétaire",
      role: "admin",
      twoFactorEnabled: true,
      emailVerified: true,
      firstName: "Odile",
      staff: { roleKey: "owner", roleName: "Propriétaire", permissions: [...BUILTIN_ROLES.owner.permissions], status: "active" },
    },
  };
  signedIn.current = staff;
  clients = [(await createShopper(handle.db)).id, (await createShopper(handle.db)).id];
});

afterAll(async () => {
  await handle?.close();
  // Nor may the next file of the worker get the modules loaded here with this file's mocks.
  vi.resetModules();
});

beforeEach(async () => {
  await handle.db.delete(staffFactorChecks);
});

/** A loader's arguments for a GET of `url` (the loaders read the request only). */
const args = (url: string, headers: Record<string, string> = {}) =>
  ({ request: new Request(`http://shop.test${url}`, { headers }), params: {}, context: {} }) as never;

const selection = () => `/admin/clients/export?${clients.map((id) => `id=${id}`).join("&")}`;

async function thrownBy(run: Promise<unknown>): Promise<Response> {
  try {
    await run;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
  throw new Error("expected a refusal");
}

async function logged(action: string) {
  const rows = await handle.db
    .select({ payload: outbox.payload })
    .from(outbox)
    .where(and(eq(outbox.topic, "event"), sql`${outbox.payload}->>'type' = ${action}`));
  return rows.map((r) => (r.payload as { data: { entityType: string; summary: string; actor: { id: string } } }).data);
}

describe("the clients' export", () => {
  it("answers a script the JSON 403 that asks for the second factor, without a check yet", async () => {
    const answer = await thrownBy(clientsExport(args(selection(), { accept: "text/csv, application/json" })));
    expect(answer.status).toBe(403);
    expect(await answer.json()).toEqual({ error: { code: "second_factor_required", message: SECOND_FACTOR_AGAIN_MESSAGE } });
  });

  it("answers a link the French sentence, when the last check is older than the step-up window", async () => {
    await recordFactorCheck(handle.db, staff.sessionId, new Date(Date.now() - (STEP_UP_MINUTES + 1) * 60_000));
    const answer = await thrownBy(clientsExport(args(selection())));
    expect(answer.status).toBe(403);
    expect(answer.headers.get("content-type")).toContain("text/plain");
    expect(await answer.text()).toBe(SECOND_FACTOR_AGAIN_MESSAGE);
    expect(await logged("client.export")).toEqual([]);
  });

  it("serves the CSV after a recent check and logs who exported how many clients", async () => {
    await recordFactorCheck(handle.db, staff.sessionId);
    const answer = (await clientsExport(args(selection()))) as Response;
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect((await answer.text()).split("\r\n").filter(Boolean)).toHaveLength(3);
    const entries = await logged("client.export");
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      entityType: "client",
      summary: "Export CSV de 2 clients (sélection)",
      actor: { id: staff.user.id },
    });
  });
});

describe("the accounting export", () => {
  it("logs a download as accounting.export, naming the books and the period", async () => {
    const answer = (await accountingExport(args("/admin/comptabilite/export?type=oss&year=2025&quarter=1"))) as Response;
    expect(answer.status).toBe(200);
    const entries = await logged("accounting.export");
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      entityType: "accounting",
      summary: "Téléchargement depuis la Comptabilité : Déclaration OSS du trimestre 1 de 2025 (oss_2025-T1.csv)",
    });
  });

  it("logs nothing for a refused download", async () => {
    const before = (await logged("accounting.export")).length;
    const answer = (await accountingExport(args("/admin/comptabilite/export?type=fec"))) as Response;
    expect(answer.status).toBe(400);
    expect(await logged("accounting.export")).toHaveLength(before);
  });
});
