/**
 * The permission matrix (decision 066): every role × every back-office route, action (each form
 * intent), admin API operation, download and live stream, generated from the route config and
 * the permission table, against the running shop. A role that holds the permission is never
 * refused (its answer may be 200, 400 for an empty form, or 404 for the dummy id); a role that
 * does not gets the 403. A new admin route without a declared permission fails the first test.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { eq } from "drizzle-orm";
import routes from "../../../app/routes";
import { openDatabase, type DatabaseHandle } from "../../../app/.server/db/client";
import { staffRoles, user } from "../../../app/.server/db/schema";
import { SCOPE_BEYOND_MAKER_MESSAGE } from "~/domain/staff/api-scopes";
import { ADMIN_ROUTE_NEEDS, type RouteNeed, type RouteNeeds } from "~/domain/staff/admin-routes";
import { allows } from "~/domain/staff/permissions";
import { BUILTIN_ROLES, BUILTIN_ROLE_KEYS, type BuiltinRoleKey } from "~/domain/staff/roles";
import { E2E_ADMIN, uniqueEmail } from "../../support/accounts";
import { signInCookie, signUpCookie } from "../../support/http-session";
import { e2eShop } from "../../support/e2e-shop";
import { makeStaff, staffCookie } from "../../support/staff";

const { baseURL, databaseUrl } = e2eShop();
const PASSWORD = "Secret123!Aurore";
const DUMMY = "00000000-0000-0000-0000-000000000000";

/** Every route of the config with its path as written there ("admin/clients/:id"). */
function routePaths(entries: RouteConfigEntry[], prefix = ""): string[] {
  const out: string[] = [];
  for (const entry of entries) {
    const path = entry.path ? [prefix, entry.path].filter(Boolean).join("/") : prefix;
    if (entry.path !== undefined || entry.index) out.push(path);
    if (entry.children) out.push(...routePaths(entry.children, path));
  }
  return [...new Set(out)];
}

const adminRoutes = routePaths(routes).filter((p) => /^admin(\/|$)/.test(p) || /^api\/v1\/admin(\/|$)/.test(p));
const concrete = (p: string) => `/${p.replace(/:[^/]+/g, DUMMY)}`;

type Probe = { route: string; method: string; intent: string | null; need: RouteNeed };

/** Each method of each route, each page form intent apart. */
const probes: Probe[] = Object.entries(ADMIN_ROUTE_NEEDS as Record<string, RouteNeeds>).flatMap(([route, needs]) =>
  Object.entries(needs).flatMap(([method, need]): Probe[] =>
    typeof need === "string"
      ? [{ route, method, intent: null, need }]
      : Object.entries(need as Record<string, RouteNeed>).map(([intent, n]) => ({
          route,
          method,
          intent: intent === "default" ? null : intent,
          need: n,
        })),
  ),
);

const cookies = new Map<string, string>();
let db: DatabaseHandle | undefined;

async function ask(probe: Probe, cookie: string): Promise<Response> {
  const url = `${baseURL}${concrete(probe.route)}`;
  const isApi = probe.route.startsWith("api/");
  const headers: Record<string, string> = { cookie, origin: baseURL };
  let body: string | undefined;
  if (probe.method !== "GET") {
    if (isApi) {
      headers["content-type"] = "application/json";
      body = "{}";
    } else {
      headers["content-type"] = "application/x-www-form-urlencoded";
      body = new URLSearchParams(probe.intent ? { intent: probe.intent } : {}).toString();
    }
  }
  const answer = await fetch(url, { method: probe.method, headers, body, redirect: "manual" });
  // A live stream never ends by itself; nothing else is read.
  await answer.body?.cancel();
  return answer;
}

describe("every admin route declares its permission", () => {
  it("lists each route of the config in the permission table, and nothing else", () => {
    const declared = Object.keys(ADMIN_ROUTE_NEEDS);
    expect(adminRoutes.filter((r) => !declared.includes(r))).toEqual([]);
    expect(declared.filter((r) => !adminRoutes.includes(r))).toEqual([]);
    expect(adminRoutes.length).toBeGreaterThan(60);
  });
});

describe.runIf(Boolean(databaseUrl))("each role × each route, action, API operation and download (PostgreSQL)", () => {
  beforeAll(async () => {
    db = await openDatabase({ kind: "postgres", url: databaseUrl!, poolSize: 2 });
    cookies.set("owner", await signInCookie(baseURL, E2E_ADMIN.email, E2E_ADMIN.password));
    for (const role of BUILTIN_ROLE_KEYS.filter((r) => r !== "owner")) {
      const email = uniqueEmail(`staff-${role}`);
      await signUpCookie(baseURL, email, PASSWORD, "Équipe");
      const [row] = await db.db.select({ id: user.id }).from(user).where(eq(user.email, email));
      await makeStaff(db.db, row.id, role);
      cookies.set(role, await staffCookie(baseURL, email, PASSWORD));
    }
  }, 120_000);

  afterAll(async () => {
    await db?.close();
  });

  it.each(BUILTIN_ROLE_KEYS.map((role) => [role]))("%s: 403 exactly where the role lacks the permission", async (role: BuiltinRoleKey) => {
    const granted = BUILTIN_ROLES[role].permissions;
    const wrong: string[] = [];
    for (const probe of probes.filter((p) => p.need !== "public")) {
      const answer = await ask(probe, cookies.get(role)!);
      const allowed = probe.need === "staff" || (probe.need !== "public" && allows(granted, probe.need));
      const where = answer.headers.get("location") ?? "";
      const signedOut = answer.status === 401 || /\/admin\/(connexion|double-authentification)/.test(where);
      const refused = answer.status === 403;
      if (signedOut || answer.status >= 500 || refused === allowed) {
        wrong.push(
          `${probe.method} /${probe.route}${probe.intent ? ` (${probe.intent})` : ""} needs ${probe.need}: ${answer.status} ${where}`,
        );
      }
    }
    expect(wrong).toEqual([]);
  });

  it("an API key gets at most the scopes of the staff member who creates it", async () => {
    // A custom role that manages keys and reads the catalogue, nothing more.
    const key = `custom_matrix_${Date.now().toString(36)}`;
    await db!.db
      .insert(staffRoles)
      .values({ key, name: `Connecteurs ${key}`, permissions: ["api_keys.manage", "catalog.read", "settings.read"] });
    const email = uniqueEmail("staff-keys");
    await signUpCookie(baseURL, email, PASSWORD, "Équipe");
    const [row] = await db!.db.select({ id: user.id }).from(user).where(eq(user.email, email));
    await makeStaff(db!.db, row.id, key);
    const cookie = await staffCookie(baseURL, email, PASSWORD);
    const create = (scopes: Record<string, string>) =>
      fetch(`${baseURL}/admin/parametres.data`, {
        method: "POST",
        headers: { cookie, origin: baseURL, "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ intent: "api-key-create", name: `Clé ${key}`, expires_on: "", ...scopes }),
      });
    const beyond = await create({ scope_catalog: "read", scope_orders: "write" });
    expect(beyond.status).toBe(403);
    expect(await beyond.text()).toContain(SCOPE_BEYOND_MAKER_MESSAGE);
    const writeCatalogue = await create({ scope_catalog: "write" });
    expect(writeCatalogue.status).toBe(403);
    const within = await create({ scope_catalog: "read" });
    expect(within.status).toBe(200);
    expect(await within.text()).toMatch(/aur_live_[A-Za-z0-9_-]{43}/);
  });

  it("a visitor is sent to the sign-in page (pages) or gets 401 (forms, API); a shopper gets 403", async () => {
    const shopper = await signUpCookie(baseURL, uniqueEmail("matrix-shopper"));
    const wrong: string[] = [];
    for (const probe of probes.filter((p) => p.need !== "public")) {
      const visitor = await ask(probe, "");
      const isApi = probe.route.startsWith("api/");
      // A page is a redirect to the sign-in page and back; a form post, or the API, a 401.
      const visitorOk =
        isApi || probe.method !== "GET"
          ? visitor.status === 401
          : visitor.status === 302 && (visitor.headers.get("location") ?? "").startsWith("/admin/connexion?retour=");
      const asShopper = await ask(probe, shopper);
      if (!visitorOk || asShopper.status !== 403) {
        wrong.push(
          `${probe.method} /${probe.route}${probe.intent ? ` (${probe.intent})` : ""}: visitor ${visitor.status}, shopper ${asShopper.status}`,
        );
      }
    }
    expect(wrong).toEqual([]);
  });
});
