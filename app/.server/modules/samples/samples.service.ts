/**
 * Free samples (docs/decisions/067-samples.md): the only writer of `samples` and `order_samples`.
 * Samples are their own items with their own stock, never sold: nothing here touches the
 * catalogue, so they never reach its pages, search, feeds or sitemap.
 *
 * Stock moves only through conditional UPDATEs (`stock_quantity >= 1` to take one, `>= -change`
 * to take several out), so concurrent orders and a back-office adjustment can never take it below 0.
 */
import { and, asc, eq, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import type { Executor } from "~/.server/db/client";
import { orderSamples, samples } from "~/.server/db/schema";
import { recordAdminChangeBy } from "~/.server/outbox/events";
import type { AdminActor } from "~/domain/activity-log/activity-log";
import { conflict, invalid, notFound } from "~/domain/errors";
import {
  SAMPLE_NOT_FOUND_MESSAGE,
  SAMPLE_STOCK_NEGATIVE_MESSAGE,
  SampleFormSchema,
  SampleStockChangeSchema,
  type AdminSampleRow,
  type OrderSampleView,
  type SampleFormValues,
  type SampleOption,
} from "~/domain/samples/samples";
import { isUuid } from "~/lib/uuid";

const columns = {
  id: samples.id,
  name: samples.name,
  brand: samples.brand,
  description: samples.description,
  image_url: samples.imageUrl,
  stock_quantity: samples.stockQuantity,
  active: samples.active,
  sort_order: samples.sortOrder,
};

const sampleNotFound = () => notFound("sample_not_found", SAMPLE_NOT_FOUND_MESSAGE);

/** Form values checked by the module itself: a route or a test may call it with anything. */
function parseForm(input: unknown): SampleFormValues {
  const parsed = SampleFormSchema.safeParse(input);
  if (!parsed.success) {
    const fieldErrors: Record<string, string> = {};
    for (const issue of parsed.error.issues) fieldErrors[String(issue.path[0])] ??= issue.message;
    throw invalid("invalid_sample", parsed.error.issues[0]!.message, { fieldErrors });
  }
  return parsed.data;
}

const snapshot = (s: AdminSampleRow) => ({ name: s.name, brand: s.brand, stock_quantity: s.stock_quantity, active: s.active });

/** Every sample, in the checkout's order (sort order, then name): the back-office's list. */
export async function listAdminSamples(db: Executor): Promise<AdminSampleRow[]> {
  return db.select(columns).from(samples).orderBy(asc(samples.sortOrder), asc(samples.name), asc(samples.id));
}

/** The samples the checkout offers now: active and in stock. */
export async function listOfferedSamples(db: Executor): Promise<SampleOption[]> {
  return db
    .select({ id: samples.id, name: samples.name, brand: samples.brand, description: samples.description, image_url: samples.imageUrl })
    .from(samples)
    .where(and(eq(samples.active, true), sql`${samples.stockQuantity} >= 1`))
    .orderBy(asc(samples.sortOrder), asc(samples.name), asc(samples.id));
}

/** The active samples among these ids, with their stock (inactive and unknown ones are left out). */
export async function activeSamplesByIds(
  db: Executor,
  ids: readonly string[],
): Promise<{ id: string; name: string; stock_quantity: number }[]> {
  const wanted = ids.filter(isUuid);
  if (wanted.length === 0) return [];
  return db
    .select({ id: samples.id, name: samples.name, stock_quantity: samples.stockQuantity })
    .from(samples)
    .where(and(inArray(samples.id, wanted), eq(samples.active, true)));
}

export async function createSample(db: Executor, input: unknown, actor?: AdminActor): Promise<AdminSampleRow> {
  const values = parseForm(input);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(samples)
      .values({
        name: values.name,
        brand: values.brand,
        description: values.description,
        imageUrl: values.image_url || null,
        stockQuantity: values.stock_quantity,
        sortOrder: values.sort_order,
      })
      .returning(columns);
    await recordAdminChangeBy(tx, actor, {
      action: "sample.create",
      entityType: "sample",
      entityId: row.id,
      summary: `Échantillon « ${row.name} » (${row.brand}) créé, stock ${row.stock_quantity}`,
      after: snapshot(row),
    });
    return row;
  });
}

/** Name, brand, description, image, stock and order, as the edit form sends them all. */
export async function updateSample(db: Executor, id: string, input: unknown, actor?: AdminActor): Promise<AdminSampleRow> {
  if (!isUuid(id)) throw sampleNotFound();
  const values = parseForm(input);
  return db.transaction(async (tx) => {
    const [previous] = await tx.select(columns).from(samples).where(eq(samples.id, id)).for("update");
    if (!previous) throw sampleNotFound();
    const [row] = await tx
      .update(samples)
      .set({
        name: values.name,
        brand: values.brand,
        description: values.description,
        imageUrl: values.image_url || null,
        stockQuantity: values.stock_quantity,
        sortOrder: values.sort_order,
        updatedAt: new Date(),
      })
      .where(eq(samples.id, id))
      .returning(columns);
    await recordAdminChangeBy(tx, actor, {
      action: "sample.update",
      entityType: "sample",
      entityId: id,
      summary: `Échantillon « ${previous.name} » modifié`,
      before: snapshot(previous),
      after: snapshot(row),
    });
    return row;
  });
}

/** Offered at checkout again, or withdrawn (its orders keep it; it is only no longer chosen). */
export async function setSampleActive(db: Executor, id: string, active: boolean, actor?: AdminActor): Promise<AdminSampleRow> {
  if (!isUuid(id)) throw sampleNotFound();
  return db.transaction(async (tx) => {
    const [row] = await tx.update(samples).set({ active, updatedAt: new Date() }).where(eq(samples.id, id)).returning(columns);
    if (!row) throw sampleNotFound();
    await recordAdminChangeBy(tx, actor, {
      action: active ? "sample.activate" : "sample.deactivate",
      entityType: "sample",
      entityId: id,
      summary: `Échantillon « ${row.name} » ${active ? "proposé au choix" : "retiré du choix"}`,
      after: { active },
    });
    return row;
  });
}

/**
 * Units added (positive) or taken out (negative), in one conditional UPDATE: a withdrawal larger
 * than the stock left (orders may have taken some meanwhile) is refused, never made negative.
 */
export async function adjustSampleStock(db: Executor, id: string, input: unknown, actor?: AdminActor): Promise<AdminSampleRow> {
  if (!isUuid(id)) throw sampleNotFound();
  const parsed = SampleStockChangeSchema.safeParse(input);
  if (!parsed.success) {
    const message = parsed.error.issues[0]!.message;
    throw invalid("invalid_stock_change", message, { fieldErrors: { change: message } });
  }
  const { change } = parsed.data;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(samples)
      .set({ stockQuantity: sql`${samples.stockQuantity} + ${change}`, updatedAt: new Date() })
      .where(and(eq(samples.id, id), sql`${samples.stockQuantity} + ${change} >= 0`))
      .returning(columns);
    if (!row) {
      const [exists] = await tx.select({ id: samples.id }).from(samples).where(eq(samples.id, id));
      if (!exists) throw sampleNotFound();
      throw conflict("sample_stock_negative", SAMPLE_STOCK_NEGATIVE_MESSAGE, { fieldErrors: { change: SAMPLE_STOCK_NEGATIVE_MESSAGE } });
    }
    await recordAdminChangeBy(tx, actor, {
      action: "sample.stock_adjust",
      entityType: "sample",
      entityId: id,
      summary: `Stock de l'échantillon « ${row.name} » ${change > 0 ? "+" : ""}${change} (maintenant ${row.stock_quantity})`,
      before: { stock_quantity: row.stock_quantity - change },
      after: { stock_quantity: row.stock_quantity },
    });
    return row;
  });
}

/**
 * In the order's transaction: one unit of each chosen sample taken by a conditional UPDATE (in
 * id order, so two orders never wait on each other's rows in a cycle) and the order's rows
 * written. A sample that ran out (or was withdrawn) since the quote does not fail the order: its
 * row says it was not added, and the names come back for the confirmation (decision 067).
 */
export async function reserveOrderSamples(
  tx: Executor,
  orderId: string,
  sampleIds: readonly string[],
  now: Date,
): Promise<{ added: string[]; missed: string[] }> {
  const ids = [...new Set(sampleIds.filter(isUuid))].sort();
  const added: string[] = [];
  const missed: string[] = [];
  for (const id of ids) {
    const [taken] = await tx
      .update(samples)
      .set({ stockQuantity: sql`${samples.stockQuantity} - 1`, updatedAt: now })
      .where(and(eq(samples.id, id), eq(samples.active, true), sql`${samples.stockQuantity} >= 1`))
      .returning({ name: samples.name, brand: samples.brand });
    if (taken) {
      await tx.insert(orderSamples).values({ orderId, sampleId: id, name: taken.name, brand: taken.brand, added: true, createdAt: now });
      added.push(taken.name);
      continue;
    }
    const [known] = await tx.select({ name: samples.name, brand: samples.brand }).from(samples).where(eq(samples.id, id));
    // Deleted meanwhile: nothing to name, nothing to keep.
    if (!known) continue;
    await tx.insert(orderSamples).values({ orderId, sampleId: id, name: known.name, brand: known.brand, added: false, createdAt: now });
    missed.push(known.name);
  }
  return { added, missed };
}

/**
 * A cancelled order gives its samples back: each unit once (restocked_at is set in the same
 * UPDATE that picks the rows, so a second cancellation path finds nothing left to give).
 */
export async function restockOrderSamples(tx: Executor, orderId: string, now: Date): Promise<number> {
  const given = await tx
    .update(orderSamples)
    .set({ restockedAt: now })
    .where(
      and(
        eq(orderSamples.orderId, orderId),
        eq(orderSamples.added, true),
        isNull(orderSamples.restockedAt),
        isNotNull(orderSamples.sampleId),
      ),
    )
    .returning({ sampleId: orderSamples.sampleId });
  const counts = new Map<string, number>();
  for (const g of given) if (g.sampleId) counts.set(g.sampleId, (counts.get(g.sampleId) ?? 0) + 1);
  for (const [id, n] of [...counts].sort(([a], [b]) => a.localeCompare(b))) {
    await tx
      .update(samples)
      .set({ stockQuantity: sql`${samples.stockQuantity} + ${n}`, updatedAt: now })
      .where(eq(samples.id, id));
  }
  return given.length;
}

/**
 * A cancelled order held again: each sample it gave back is taken again while one is left; one
 * that ran out since is marked not added (the order is never refused for a free sample).
 */
export async function retakeOrderSamples(tx: Executor, orderId: string, now: Date): Promise<void> {
  const given = await tx
    .select({ id: orderSamples.id, sampleId: orderSamples.sampleId })
    .from(orderSamples)
    .where(and(eq(orderSamples.orderId, orderId), eq(orderSamples.added, true), isNotNull(orderSamples.restockedAt)))
    .orderBy(asc(orderSamples.sampleId))
    .for("update");
  for (const row of given) {
    const [taken] = row.sampleId
      ? await tx
          .update(samples)
          .set({ stockQuantity: sql`${samples.stockQuantity} - 1`, updatedAt: now })
          .where(and(eq(samples.id, row.sampleId), sql`${samples.stockQuantity} >= 1`))
          .returning({ id: samples.id })
      : [];
    await tx
      .update(orderSamples)
      .set(taken ? { restockedAt: null } : { restockedAt: null, added: false })
      .where(eq(orderSamples.id, row.id));
  }
}

/** The samples of these orders, as chosen (added or not), by order id. */
export async function samplesOfOrders(db: Executor, orderIds: readonly string[]): Promise<Map<string, OrderSampleView[]>> {
  const out = new Map<string, OrderSampleView[]>();
  if (orderIds.length === 0) return out;
  const rows = await db
    .select({ orderId: orderSamples.orderId, name: orderSamples.name, brand: orderSamples.brand, added: orderSamples.added })
    .from(orderSamples)
    .where(inArray(orderSamples.orderId, [...orderIds]))
    .orderBy(asc(orderSamples.createdAt), asc(orderSamples.name), asc(orderSamples.id));
  for (const r of rows) {
    const list = out.get(r.orderId) ?? [];
    list.push({ name: r.name, brand: r.brand, added: r.added });
    out.set(r.orderId, list);
  }
  return out;
}

/** A sample's stock now (tests and the back-office's answer). */
export async function sampleStock(db: Executor, id: string): Promise<number | null> {
  if (!isUuid(id)) return null;
  const [row] = await db.select({ stock: samples.stockQuantity }).from(samples).where(eq(samples.id, id));
  return row?.stock ?? null;
}

/** The demo shop's samples (npm start), written once: nothing when the table already has some. */
export async function seedDemoSamples(db: Executor, list: readonly Omit<SampleFormValues, "sort_order">[]): Promise<number> {
  const [{ n }] = await db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(samples);
  if (n > 0) return 0;
  await db.insert(samples).values(
    list.map((s, i) => ({
      name: s.name,
      brand: s.brand,
      description: s.description,
      imageUrl: s.image_url || null,
      stockQuantity: s.stock_quantity,
      sortOrder: (i + 1) * 10,
    })),
  );
  return list.length;
}
