import { and, count, desc, eq, gte, inArray, isNull, lt, ne, or, sql, type SQL } from "drizzle-orm";
import { containingPattern } from "~/lib/like-pattern";
import type { Executor } from "../../db/client";
import { forbidden, notFound } from "~/domain/errors";
import { orders, user, userProfiles } from "../../db/schema";
import { isUuid } from "~/lib/uuid";
import { keysetConditions, keysetOrder, type KeysetWindow } from "~/.server/db/keyset";
import { csvFileName, toCsv } from "~/lib/csv";
import { formatShortDate } from "~/lib/paris-time";
import { ADMIN_CLIENTS_PAGE_SIZE } from "~/lib/shop-rules";
import {
  CLIENT_CSV_HEADER,
  CLIENT_IS_ADMIN_MESSAGE,
  CLIENT_NOT_FOUND_MESSAGE,
  CLIENT_STATUS_LABELS,
  activeSince,
  clientStatus,
  type AdminClientFilter,
  type AdminClientPage,
  type AdminClientRow,
  type AdminClientStats,
} from "~/domain/customers/admin-clients.schema";

/**
 * Gestion des Clients (spec back-office §2, §3 "Client"): every shopper account (administrators
 * are not clients) with its profile and order figures. Order count and last order date come from
 * the orders; "Total dépensé" and points are the profile's figures, the ones the shopper sees in
 * the account area (delivered orders only). Everything is computed in the database, one page at
 * a time.
 */

export type ClientListQuery = { search?: string; status?: AdminClientFilter; page?: number; pageSize?: number; now?: Date };

function orderFigures(db: Executor) {
  return db
    .select({
      userId: orders.userId,
      orderCount: count().as("order_count"),
      lastOrderAt: sql<Date | null>`max(${orders.createdAt})`.as("last_order_at"),
    })
    .from(orders)
    .where(sql`${orders.userId} is not null`)
    .groupBy(orders.userId)
    .as("order_figures");
}

function clientFilter(figures: ReturnType<typeof orderFigures>, query: ClientListQuery): SQL | undefined {
  const conditions: (SQL | undefined)[] = [ne(user.role, "admin")];
  const search = query.search?.trim();
  if (search) {
    const pattern = containingPattern(search);
    conditions.push(
      or(
        sql`${userProfiles.firstName} ilike ${pattern}`,
        sql`${userProfiles.lastName} ilike ${pattern}`,
        sql`(${userProfiles.firstName} || ' ' || coalesce(${userProfiles.lastName}, '')) ilike ${pattern}`,
        sql`${user.email} ilike ${pattern}`,
        sql`${userProfiles.phone} ilike ${pattern}`,
        // "06 12 34" finds "0612345678" and the reverse: digits compared without spaces or dots.
        /\d/.test(search) && search.replace(/[\s.\-+()]/g, "").length >= 4
          ? sql`regexp_replace(coalesce(${userProfiles.phone}, ''), '[^0-9]', '', 'g') like ${containingPattern(search.replace(/\D/g, ""))}`
          : undefined,
      ),
    );
  }
  const since = activeSince(query.now ?? new Date());
  if (query.status === "active") conditions.push(gte(figures.lastOrderAt, since));
  if (query.status === "inactive") conditions.push(or(isNull(figures.lastOrderAt), lt(figures.lastOrderAt, since)));
  return and(...conditions);
}

type ClientRecord = {
  id: string;
  email: string;
  name: string;
  createdAt: Date;
  updatedAt: Date;
  firstName: string | null;
  lastName: string | null;
  phone: string | null;
  gender: string | null;
  bio: string | null;
  dateOfBirth: string | null;
  lastLoginAt: Date | null;
  loyaltyPoints: number | null;
  totalSpentCents: number | null;
  orderCount: number | null;
  lastOrderAt: Date | string | null;
};

function selectClients(db: Executor, query: ClientListQuery, keyset?: KeysetWindow) {
  const figures = orderFigures(db);
  return db
    .select({
      id: user.id,
      email: user.email,
      name: user.name,
      createdAt: user.createdAt,
      updatedAt: user.updatedAt,
      firstName: userProfiles.firstName,
      lastName: userProfiles.lastName,
      phone: userProfiles.phone,
      gender: userProfiles.gender,
      bio: userProfiles.bio,
      dateOfBirth: userProfiles.dateOfBirth,
      lastLoginAt: userProfiles.lastLoginAt,
      loyaltyPoints: userProfiles.loyaltyPoints,
      totalSpentCents: userProfiles.totalSpentCents,
      orderCount: figures.orderCount,
      lastOrderAt: figures.lastOrderAt,
    })
    .from(user)
    .leftJoin(userProfiles, eq(userProfiles.id, user.id))
    .leftJoin(figures, eq(figures.userId, user.id))
    .where(and(clientFilter(figures, query), ...(keyset ? keysetConditions(user.updatedAt, user.id, keyset) : [])))
    .orderBy(...(keyset ? keysetOrder(user.updatedAt, user.id) : [desc(user.createdAt), desc(user.id)]))
    .$dynamic();
}

const iso = (value: Date | string | null): string | null => (value === null ? null : new Date(value).toISOString());

function toClientRow(r: ClientRecord, now: Date): AdminClientRow {
  const lastOrderAt = iso(r.lastOrderAt);
  return {
    id: r.id,
    // An account without a profile row still shows the name given at sign-up.
    first_name: r.firstName ?? (r.name || null),
    last_name: r.lastName,
    email: r.email,
    phone: r.phone,
    gender: r.gender,
    bio: r.bio,
    date_of_birth: r.dateOfBirth,
    created_at: r.createdAt.toISOString(),
    last_login_at: iso(r.lastLoginAt),
    last_order_at: lastOrderAt,
    order_count: Number(r.orderCount ?? 0),
    total_spent_cents: Number(r.totalSpentCents ?? 0),
    loyalty_points: Number(r.loyaltyPoints ?? 0),
    status: clientStatus(lastOrderAt, now),
  };
}

/**
 * The admin API's walk over the clients (decision 049): by (updated_at, id) after the cursor,
 * `limit` rows (the caller asks one more to know whether a page follows). A profile edit, by the
 * client or the back-office, touches the account's updated_at, so it comes back in the walk.
 */
export async function listAdminClientsSince(
  db: Executor,
  window: KeysetWindow & { limit: number },
  now = new Date(),
): Promise<(AdminClientRow & { updated_at: string })[]> {
  const rows = await selectClients(db, { now }, window).limit(window.limit);
  return rows.map((r) => ({ ...toClientRow(r, now), updated_at: r.updatedAt.toISOString() }));
}

/** One page of clients, newest account first. A page past the end shows the last page. */
export async function listAdminClients(db: Executor, query: ClientListQuery = {}): Promise<AdminClientPage> {
  const now = query.now ?? new Date();
  const pageSize = query.pageSize ?? ADMIN_CLIENTS_PAGE_SIZE;
  const figures = orderFigures(db);
  const [{ total }] = await db
    .select({ total: count() })
    .from(user)
    .leftJoin(userProfiles, eq(userProfiles.id, user.id))
    .leftJoin(figures, eq(figures.userId, user.id))
    .where(clientFilter(figures, { ...query, now }));
  const pageCount = Math.max(1, Math.ceil(Number(total) / pageSize));
  const page = Math.min(Math.max(1, Math.floor(query.page ?? 1)), pageCount);
  const rows = await selectClients(db, { ...query, now })
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  return { rows: rows.map((r) => toClientRow(r, now)), total: Number(total), page, page_size: pageSize, page_count: pageCount };
}

/** The five cards, over every client whatever the filters. */
export async function getClientStats(db: Executor, now: Date = new Date()): Promise<AdminClientStats> {
  const figures = orderFigures(db);
  const [row] = await db
    .select({
      clients: count(),
      active: sql<number>`count(*) filter (where ${figures.lastOrderAt} >= ${activeSince(now).toISOString()})`.mapWith(Number),
      orders: sql<number>`coalesce(sum(${figures.orderCount}), 0)`.mapWith(Number),
      revenue: sql<number>`coalesce(sum(${userProfiles.totalSpentCents}), 0)`.mapWith(Number),
      points: sql<number>`coalesce(sum(${userProfiles.loyaltyPoints}), 0)`.mapWith(Number),
    })
    .from(user)
    .leftJoin(userProfiles, eq(userProfiles.id, user.id))
    .leftJoin(figures, eq(figures.userId, user.id))
    .where(ne(user.role, "admin"));
  return {
    total_clients: Number(row.clients),
    active_clients: row.active,
    total_orders: row.orders,
    total_revenue_cents: row.revenue,
    loyalty_points: row.points,
  };
}

const csvEuros = (cents: number) => (cents / 100).toFixed(2).replace(".", ",");
const dateOrEmpty = (value: string | null) => (value ? formatShortDate(value) : "");

function csvRow(c: AdminClientRow): (string | number)[] {
  return [
    c.first_name ?? "",
    c.last_name ?? "",
    c.email,
    c.phone ?? "",
    dateOrEmpty(c.created_at),
    dateOrEmpty(c.last_login_at),
    dateOrEmpty(c.last_order_at),
    c.order_count,
    csvEuros(c.total_spent_cents),
    c.loyalty_points,
    CLIENT_STATUS_LABELS[c.status],
  ];
}

/**
 * clients_{date}.csv of the clients matching the search and status (or only the ids given, for
 * "Exporter sélection"). Read in pages of 1,000 so a large base does not hold one huge result.
 */
export async function exportClientsCsv(
  db: Executor,
  query: ClientListQuery & { ids?: string[] } = {},
): Promise<{ fileName: string; body: string }> {
  const now = query.now ?? new Date();
  const ids = query.ids?.filter(isUuidOrAuthId);
  const rows: AdminClientRow[] = [];
  const fileName = csvFileName("clients", now);
  if (ids && ids.length === 0) return { fileName, body: toCsv(CLIENT_CSV_HEADER, []) };
  const batch = 1000;
  for (let offset = 0; ; offset += batch) {
    let select = selectClients(db, { ...query, now });
    // Chosen rows: only those ids, still among clients (an administrator's id is ignored).
    if (ids) select = select.where(and(ne(user.role, "admin"), inArray(user.id, ids)));
    const page = await select.limit(batch).offset(offset);
    rows.push(...page.map((r) => toClientRow(r, now)));
    if (page.length < batch) break;
  }
  return { fileName, body: toCsv(CLIENT_CSV_HEADER, rows.map(csvRow)) };
}

/** better-auth ids are random strings; anything else (quotes, huge values) is not an id. */
function isUuidOrAuthId(id: string): boolean {
  return isUuid(id) || /^[A-Za-z0-9_-]{1,64}$/.test(id);
}

/**
 * Refuses to erase what is not a client (app/.server/workflows/erase-account.ts): an
 * administrator account (client_is_admin, forbidden) or an unknown id (client_not_found).
 */
export async function assertErasableClient(db: Executor, clientId: string): Promise<void> {
  if (!isUuidOrAuthId(clientId)) throw notFound("client_not_found", CLIENT_NOT_FOUND_MESSAGE);
  const [target] = await db.select({ role: user.role }).from(user).where(eq(user.id, clientId)).limit(1);
  if (!target) throw notFound("client_not_found", CLIENT_NOT_FOUND_MESSAGE);
  if (target.role === "admin") throw forbidden("client_is_admin", CLIENT_IS_ADMIN_MESSAGE);
}
