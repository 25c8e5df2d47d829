/**
 * What staff roles cost per request (decision 066), in CPU time, which holds on a noisy 2-core
 * machine better than wall time:
 * - a session looked up afresh (the memo forgotten, as every 5 s or after a change): a shopper's,
 *   and a staff member's, which also reads the role, as a ratio in the same run;
 * - the permission decision a back-office request makes (the route's need against the role),
 *   for every probe of the route table, per decision.
 * A request served from the session memo pays only the decision.
 *
 *   npm run bench:staff [-- --lookups 300]
 */
import { parseArgs } from "node:util";
import { eq } from "drizzle-orm";
import { allowRawImports, printTable, round } from "./lib";

const { values } = parseArgs({ options: { lookups: { type: "string", default: "300" } } });
const lookups = Math.max(10, Number(values.lookups));
process.env.LOG_LEVEL ??= "warn";
// The password policy's list of common passwords is a `?raw` import.
allowRawImports();

const { migrateDatabase, openDatabase } = await import("../app/.server/db/client");
const { createAuth } = await import("../app/.server/auth/auth.server");
const { staffMembers, user } = await import("../app/.server/db/schema");
const { firstNameOfUser } = await import("../app/.server/db/recipients");
const { staffAccessOf } = await import("../app/.server/modules/staff/staff.service");
const { ADMIN_ROUTE_NEEDS } = await import("../app/domain/staff/admin-routes");
const { allows } = await import("../app/domain/staff/permissions");
const { BUILTIN_ROLES } = await import("../app/domain/staff/roles");

const handle = await openDatabase({ kind: "pglite" });
await migrateDatabase(handle);
const auth = createAuth(handle.db, {
  publicUrl: "http://127.0.0.1:3999",
  secret: "bench-secret-".padEnd(40, "x"),
  rateLimitMax: 1_000_000,
});

/** Signs an account up and returns the Cookie header of its session. */
async function sessionCookie(email: string): Promise<{ cookie: string; id: string }> {
  const answer = await auth.api.signUpEmail({
    body: { email, password: "Bench-Secret-2026!", name: "Camille Banc" },
    asResponse: true,
  });
  const cookie = answer.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  const [row] = await handle.db.select({ id: user.id }).from(user).where(eq(user.email, email));
  return { cookie, id: row.id };
}

const shopper = await sessionCookie("client-banc@example.com");
const member = await sessionCookie("equipe-banc@example.com");
await handle.db.update(user).set({ role: "admin" }).where(eq(user.id, member.id));
await handle.db.insert(staffMembers).values({ userId: member.id, roleKey: "customer_service" });

/** What session.server.ts's lookup does when its memo has nothing: the library's session, the first name and, for staff, the role. */
async function lookUp(cookie: string): Promise<unknown> {
  const found = await auth.api.getSession({ headers: new Headers({ cookie }) });
  if (!found) throw new Error("no session");
  const firstName = await firstNameOfUser(handle.db, found.user.id);
  const staff = (found.user as { role?: string }).role === "admin" ? await staffAccessOf(handle.db, found.user.id) : null;
  return { firstName, staff };
}

async function cpuPer(times: number, run: () => Promise<unknown> | unknown): Promise<number> {
  for (let i = 0; i < 20; i++) await run(); // warm-up: module loading and JIT are not the figure
  const start = process.cpuUsage();
  for (let i = 0; i < times; i++) await run();
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000 / times;
}

const seen = (await lookUp(member.cookie)) as { staff: unknown };
if (!seen.staff) throw new Error("the staff member's lookup read no role");
const shopperMs = await cpuPer(lookups, () => lookUp(shopper.cookie));
const staffMs = await cpuPer(lookups, () => lookUp(member.cookie));

// Every method and intent of every back-office route, for the customer-service role.
const needs = Object.values(ADMIN_ROUTE_NEEDS).flatMap((byMethod) =>
  Object.values(byMethod).flatMap((need) => (typeof need === "string" ? [need] : Object.values(need as Record<string, string>))),
);
const granted = BUILTIN_ROLES.customer_service.permissions;
let allowed = 0;
const decisionMs = await cpuPer(2_000, () => {
  for (const need of needs) if (need === "staff" || need === "public" || allows(granted, need as never)) allowed++;
});

printTable([
  { measure: "session lookup, shopper (CPU ms)", value: round(shopperMs, 3) },
  { measure: "session lookup, staff member (CPU ms)", value: round(staffMs, 3) },
  { measure: "staff / shopper lookup", value: round(staffMs / shopperMs, 2) },
  { measure: `permission decision (CPU µs, mean of ${needs.length} needs)`, value: round((decisionMs * 1000) / needs.length, 3) },
]);
if (allowed === 0) throw new Error("no need allowed: the table was not read");
await handle.close();
