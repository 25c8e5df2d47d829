/**
 * The delivery methods table (docs/decisions/032-delivery-methods.md): the only writer of
 * `delivery_methods`. Every checkout quote and the root loader read it, so it is cached per
 * database handle for METHODS_TTL_MS and dropped at once in every server process when one updates
 * it ("settings", decision 038); nothing is cached while this process cannot hear the others.
 */
import { asc, eq } from "drizzle-orm";
import type { Executor } from "~/.server/db/client";
import { deliveryMethods } from "~/.server/db/schema";
import { announceInvalidation } from "~/.server/invalidations";
import { createDbMemo } from "~/.server/db-memo";
import { invalid, notFound } from "~/domain/errors";
import type { AdminActor } from "~/domain/activity-log/activity-log";
import { changedFields } from "~/domain/activity-log/masking";
import { recordAdminChangeBy } from "~/.server/outbox/events";
import {
  DEFAULT_DELIVERY_METHODS,
  DELIVERY_METHOD_CODES,
  DeliveryMethodFormSchema,
  STANDARD_MUST_STAY_MESSAGE,
  standardStaysEverywhere,
  type DeliveryMethod,
  type DeliveryMethodCode,
  type DeliveryMethodField,
} from "~/domain/delivery/delivery-methods";
import { CARRIERS, type Carrier } from "~/domain/orders/shipping-tracking";
import { SHIPPING_ZONE_CODES } from "~/domain/delivery/delivery-methods";
import { CARRIER_PRODUCTS, carrierProduct, productFitsMethod } from "~/domain/delivery/carrier-products";

export const METHODS_TTL_MS = 5_000;
export const STANDARD_THRESHOLD_REQUIRED_MESSAGE = "La livraison standard doit avoir un seuil de livraison offerte";
export const DELIVERY_METHOD_NOT_FOUND_MESSAGE = "Mode de livraison introuvable";
export const PRODUCT_NOT_FITTING_MESSAGE = "Ce produit n'est pas proposé par ce transporteur pour ce mode de livraison";

const methodsMemo = createDbMemo<DeliveryMethod[]>({ kind: "settings", name: "delivery-methods", ttlMs: METHODS_TTL_MS });

type Row = typeof deliveryMethods.$inferSelect;

function isCode(value: string): value is DeliveryMethodCode {
  return (DELIVERY_METHOD_CODES as readonly string[]).includes(value);
}

function toMethod(row: Row): DeliveryMethod | null {
  if (!isCode(row.code)) return null;
  return {
    code: row.code,
    name: row.name,
    carrier: (CARRIERS as readonly string[]).includes(row.carrier) ? (row.carrier as Carrier) : "colissimo",
    productCode: row.productCode,
    priceCents: row.priceCents,
    freeThresholdCents: row.freeThresholdCents,
    delayWorkingDays: row.delayWorkingDays,
    zones: row.zones.filter((z) => (SHIPPING_ZONE_CODES as string[]).includes(z)),
    active: row.active,
  };
}

/**
 * The methods in the table's order. A missing row (a database emptied by hand) falls back to
 * the published rule for that method rather than breaking the checkout.
 */
export async function listDeliveryMethods(db: Executor, now: number = Date.now()): Promise<DeliveryMethod[]> {
  return methodsMemo.get(
    db,
    "value",
    async () => {
      const rows = await db.select().from(deliveryMethods).orderBy(asc(deliveryMethods.position), asc(deliveryMethods.code));
      const stored = rows.map(toMethod).filter((m): m is DeliveryMethod => m !== null);
      return [...stored, ...DEFAULT_DELIVERY_METHODS.filter((d) => !stored.some((m) => m.code === d.code))];
    },
    now,
  );
}

export async function getDeliveryMethod(db: Executor, code: DeliveryMethodCode): Promise<DeliveryMethod> {
  const method = (await listDeliveryMethods(db)).find((m) => m.code === code);
  if (!method) throw notFound("delivery_method_not_found", DELIVERY_METHOD_NOT_FOUND_MESSAGE);
  return method;
}

/**
 * Paramètres: one method's name, carrier, price, threshold, delay, zones and whether it is
 * offered. A refused form throws `invalid_delivery_method` with one French message per field.
 */
export async function updateDeliveryMethod(
  db: Executor,
  code: string,
  input: unknown,
  actorUserId: string,
  actor?: AdminActor,
): Promise<DeliveryMethod> {
  if (!isCode(code)) throw notFound("delivery_method_not_found", DELIVERY_METHOD_NOT_FOUND_MESSAGE);
  const parsed = DeliveryMethodFormSchema.safeParse(input ?? {});
  if (!parsed.success) {
    const fieldErrors: Partial<Record<DeliveryMethodField, string>> = {};
    for (const issue of parsed.error.issues) fieldErrors[issue.path[0] as DeliveryMethodField] ??= issue.message;
    throw invalid("invalid_delivery_method", Object.values(fieldErrors).join(" ; "), { fieldErrors });
  }
  const form = parsed.data;
  if (!standardStaysEverywhere(code, form)) {
    throw invalid("invalid_delivery_method", STANDARD_MUST_STAY_MESSAGE, {
      field: "zones",
      fieldErrors: { zones: STANDARD_MUST_STAY_MESSAGE },
    });
  }
  if (code === "standard" && form.free_threshold === null) {
    // Every page announces "Livraison offerte dès …": the standard method keeps a threshold.
    throw invalid("invalid_delivery_method", STANDARD_THRESHOLD_REQUIRED_MESSAGE, {
      field: "free_threshold",
      fieldErrors: { free_threshold: STANDARD_THRESHOLD_REQUIRED_MESSAGE },
    });
  }
  // The product must be the carrier's and suit the method; none chosen: the carrier's first that does.
  const fitting = CARRIER_PRODUCTS[form.carrier].filter((p) => productFitsMethod(code, p));
  const product = form.product_code ? carrierProduct(form.carrier, form.product_code) : (fitting[0] ?? null);
  if (!product || !productFitsMethod(code, product)) {
    throw invalid("invalid_delivery_method", PRODUCT_NOT_FITTING_MESSAGE, {
      field: "product_code",
      fieldErrors: { product_code: PRODUCT_NOT_FITTING_MESSAGE },
    });
  }
  const values = {
    name: form.name,
    carrier: form.carrier,
    productCode: product.code,
    priceCents: form.price ?? 0,
    freeThresholdCents: form.free_threshold,
    delayWorkingDays: form.delay_working_days,
    zones: SHIPPING_ZONE_CODES.filter((z) => form.zones.includes(z)),
    active: form.active,
    updatedBy: actorUserId,
    updatedAt: new Date(),
  };
  const position = DELIVERY_METHOD_CODES.indexOf(code) + 1;
  const row = await db.transaction(async (tx) => {
    const [previous] = await tx.select().from(deliveryMethods).where(eq(deliveryMethods.code, code)).for("update");
    const [saved] = await tx
      .insert(deliveryMethods)
      .values({ code, position, ...values })
      .onConflictDoUpdate({ target: deliveryMethods.code, set: values })
      .returning();
    const { updatedBy: _by, updatedAt: _at, ...edited } = values;
    const was: Record<string, unknown> = {};
    for (const key of Object.keys(edited)) was[key] = previous?.[key as keyof typeof previous] ?? null;
    await recordAdminChangeBy(tx, actor, {
      action: "settings.delivery_method_update",
      entityType: "delivery_method",
      entityId: code,
      summary: `Mode de livraison « ${saved.name} » modifié`,
      ...changedFields(was, edited),
    });
    return saved;
  });
  // Every process's checkout reads the methods, and anonymous pages show the standard fee and
  // threshold (banners, cart drawer): all forget them.
  void announceInvalidation(["settings", "pages"]);
  return toMethod(row) as DeliveryMethod;
}

/** Tests that write the table directly drop this process's copy. */
export function forgetDeliveryMethods(db: Executor): void {
  methodsMemo.forget(db);
}
