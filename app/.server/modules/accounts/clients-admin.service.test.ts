import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { createTestDatabase } from "../../../../tests/support/db";
import type { DatabaseHandle } from "../../db/client";
import { orders, session, user, userProfiles } from "../../db/schema";
import { activeSince, clientStatus } from "~/domain/customers/admin-clients.schema";
import { exportClientsCsv, getClientStats, listAdminClients } from "./clients-admin.service";
import { deleteClient as deleteClientOrThrow } from "../../workflows/erase-account";
import { settled } from "../../../../tests/support/domain-result";

const deleteClient = (...args: Parameters<typeof deleteClientOrThrow>) => settled(deleteClientOrThrow(...args));

let handle: DatabaseHandle;
const now = new Date("2031-06-30T12:00:00Z");
const DAY = 24 * 60 * 60 * 1000;
let counter = 0;

async function client(
  id: string,
  profile: { first: string; last: string; phone?: string; points?: number; spent?: number },
  createdAt: Date,
) {
  await handle.db.insert(user).values({ id, name: `${profile.first} ${profile.last}`, email: `${id}@example.com`, createdAt });
  await handle.db.insert(userProfiles).values({
    id,
    firstName: profile.first,
    lastName: profile.last,
    phone: profile.phone ?? null,
    loyaltyPoints: profile.points ?? 0,
    totalSpentCents: profile.spent ?? 0,
    lastLoginAt: new Date(now.getTime() - DAY),
  });
}

async function order(userId: string, createdAt: Date, totalCents = 5000) {
  counter++;
  await handle.db.insert(orders).values({
    orderNumber: `TEST-CLIENTS-${counter}`,
    userId,
    status: "delivered",
    subtotalCents: totalCents,
    totalCents,
    shippingAddress: {
      first_name: "Zoé",
      last_name: "Zénith",
      street: "1 rue Haute",
      city: "Nantes",
      postal_code: "44000",
      country: "France",
      phone: "0611223344",
    },
    metadata: { customer_info: { email: `${userId}@example.com`, name: "Zoé Zénith", phone: "0611223344" } },
    createdAt,
  });
}

let before: Awaited<ReturnType<typeof getClientStats>>;

beforeAll(async () => {
  handle = await createTestDatabase();
  before = await getClientStats(handle.db, now);
  // Zoé ordered exactly 30 days ago (still active); Yann 30 days and one second ago (inactive);
  // Xavier never ordered. Created one day apart, Xavier newest.
  await client(
    "client-zoe",
    { first: "Zoé", last: "Zénith", phone: "06 11 22 33 44", points: 120, spent: 15000 },
    new Date("2031-01-01T00:00:00Z"),
  );
  await client("client-yann", { first: "Yann", last: "Quéré", points: 30, spent: 5000 }, new Date("2031-01-02T00:00:00Z"));
  await client("client-xavier", { first: "Xavier", last: 'Dupont; "le grand"' }, new Date("2031-01-03T00:00:00Z"));
  await order("client-zoe", new Date(now.getTime() - 60 * DAY));
  await order("client-zoe", activeSince(now));
  await order("client-yann", new Date(activeSince(now).getTime() - 1000));
  await handle.db.insert(user).values({ id: "client-admin", name: "Chef", email: "chef-zz@example.com", role: "admin" });
});

afterAll(async () => {
  await handle?.close();
});

describe("clientStatus", () => {
  it("is active up to 30 days (720 hours) after the last order, inactive after or without one", () => {
    const thirtyDays = new Date(now.getTime() - 720 * 60 * 60 * 1000);
    expect(clientStatus(thirtyDays, now)).toBe("active");
    expect(clientStatus(new Date(thirtyDays.getTime() - 1), now)).toBe("inactive");
    expect(clientStatus(new Date(now.getTime() - DAY), now)).toBe("active");
    expect(clientStatus(thirtyDays.toISOString(), now)).toBe("active");
    expect(clientStatus(null, now)).toBe("inactive");
  });
});

describe("listAdminClients", () => {
  it("lists clients newest first with their order figures and status, administrators left out", async () => {
    const page = await listAdminClients(handle.db, { search: "client-", now });
    expect(page.total).toBe(3);
    expect(page.rows.map((r) => r.id)).toEqual(["client-xavier", "client-yann", "client-zoe"]);
    const [xavier, yann, zoe] = page.rows;
    expect(zoe).toMatchObject({
      first_name: "Zoé",
      last_name: "Zénith",
      order_count: 2,
      total_spent_cents: 15000,
      loyalty_points: 120,
      status: "active",
    });
    expect(zoe.last_order_at).toBe(activeSince(now).toISOString());
    expect(yann).toMatchObject({ order_count: 1, status: "inactive" });
    expect(xavier).toMatchObject({ order_count: 0, last_order_at: null, status: "inactive" });
    expect((await listAdminClients(handle.db, { search: "chef-zz", now })).total).toBe(0);
  });

  it("searches first name, last name, e-mail and phone, case and wildcards taken literally", async () => {
    const ids = async (search: string) => (await listAdminClients(handle.db, { search, now })).rows.map((r) => r.id);
    expect(await ids("zoé")).toEqual(["client-zoe"]);
    expect(await ids("QUÉRÉ")).toEqual(["client-yann"]);
    expect(await ids("yann quéré")).toEqual(["client-yann"]);
    expect(await ids("client-xavier@example")).toEqual(["client-xavier"]);
    expect(await ids("0611223344")).toEqual(["client-zoe"]);
    expect(await ids("06 11 22")).toEqual(["client-zoe"]);
    expect(await ids("%")).toEqual([]);
  });

  it("filters active and inactive at the 30-day bound", async () => {
    const ids = async (status: "active" | "inactive") =>
      (await listAdminClients(handle.db, { search: "client-", status, now })).rows.map((r) => r.id);
    expect(await ids("active")).toEqual(["client-zoe"]);
    expect(await ids("inactive")).toEqual(["client-xavier", "client-yann"]);
  });

  it("pages by 20 and clamps a page past the end", async () => {
    const page = await listAdminClients(handle.db, { search: "client-", pageSize: 2, page: 9, now });
    expect(page).toMatchObject({ page: 2, page_count: 2, total: 3 });
    expect(page.rows.map((r) => r.id)).toEqual(["client-zoe"]);
    expect((await listAdminClients(handle.db, { now })).page_size).toBe(20);
  });
});

describe("getClientStats", () => {
  it("counts clients, active clients, orders, revenue and points", async () => {
    const after = await getClientStats(handle.db, now);
    expect(after.total_clients - before.total_clients).toBe(3);
    expect(after.active_clients - before.active_clients).toBe(1);
    expect(after.total_orders - before.total_orders).toBe(3);
    expect(after.total_revenue_cents - before.total_revenue_cents).toBe(20000);
    expect(after.loyalty_points - before.loyalty_points).toBe(150);
  });
});

describe("exportClientsCsv", () => {
  it("writes clients_{date}.csv with a BOM, the spec's French columns and Excel-safe fields", async () => {
    const { fileName, body } = await exportClientsCsv(handle.db, { search: "client-", now });
    expect(fileName).toBe("clients_2031-06-30.csv");
    expect(body.charCodeAt(0)).toBe(0xfeff);
    const lines = body.slice(1).split("\r\n");
    expect(lines[0]).toBe(
      "Prénom;Nom;Email;Téléphone;Date d'inscription;Dernière connexion;Dernière commande;Commandes;Total dépensé;Points fidélité;Statut",
    );
    expect(lines).toHaveLength(5);
    expect(lines[1]).toBe('Xavier;"Dupont; ""le grand""";client-xavier@example.com;;03/01/2031;29/06/2031;;0;0,00;0;Inactif');
    expect(lines[3]).toBe("Zoé;Zénith;client-zoe@example.com;06 11 22 33 44;01/01/2031;29/06/2031;31/05/2031;2;150,00;120;Actif");
    expect(lines[4]).toBe("");
    expect(Buffer.from(body, "utf8").subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
  });

  it("exports only the chosen rows, never an administrator", async () => {
    const { body } = await exportClientsCsv(handle.db, { ids: ["client-yann", "client-admin", "x'; drop"], now });
    const lines = body.slice(1).trim().split("\r\n");
    expect(lines).toHaveLength(2);
    expect(lines[1].startsWith("Yann;Quéré;")).toBe(true);
    expect((await exportClientsCsv(handle.db, { ids: [], now })).body.slice(1).trim().split("\r\n")).toHaveLength(1);
  });
});

describe("deleteClient", () => {
  it("anonymises the orders, keeps them, deletes the account and its sessions", async () => {
    await handle.db.insert(session).values({
      id: "session-yann",
      token: "token-yann",
      userId: "client-yann",
      expiresAt: new Date(Date.now() + DAY),
      createdAt: new Date(),
      updatedAt: new Date(),
    });
    const [kept] = await handle.db.select({ id: orders.id }).from(orders).where(eq(orders.userId, "client-yann"));
    expect(await deleteClient(handle.db, "client-yann")).toEqual({ ok: true, anonymisedOrders: 1 });
    expect(await handle.db.$count(user, eq(user.id, "client-yann"))).toBe(0);
    expect(await handle.db.$count(session, eq(session.userId, "client-yann"))).toBe(0);
    const [row] = await handle.db.select().from(orders).where(eq(orders.id, kept.id));
    expect(row.userId).toBeNull();
    expect(row.totalCents).toBe(5000);
    expect(row.shippingAddress.first_name).toBe("Client supprimé");
    expect(row.shippingAddress.phone).toBeUndefined();
    expect(JSON.stringify(row.metadata)).not.toContain("client-yann@example.com");
  });

  it("refuses an unknown id and an administrator", async () => {
    expect(await deleteClient(handle.db, "nobody")).toEqual({
      ok: false,
      status: 404,
      code: "client_not_found",
      message: "Client introuvable",
    });
    expect(await deleteClient(handle.db, "x'; drop")).toMatchObject({ status: 404 });
    expect(await deleteClient(handle.db, "client-admin")).toEqual({
      ok: false,
      status: 403,
      code: "client_is_admin",
      message: "Impossible de supprimer un compte administrateur",
    });
    expect(await handle.db.$count(user, eq(user.id, "client-admin"))).toBe(1);
  });
});
