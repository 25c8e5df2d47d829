/**
 * Codes promo in the back-office (docs/decisions/016-promo-codes.md): list, create, edit,
 * disable/enable. The form is validated by PromoCodeFormSchema (French messages); this service
 * adds what needs the database (code already taken, customer e-mail, categories, limit below uses
 * already made).
 */
import { and, asc, desc, eq, inArray, sql, type SQL } from "drizzle-orm";
import { keysetConditions, keysetOrder, type KeysetWindow } from "~/.server/db/keyset";
import type { Database, Executor } from "~/.server/db/client";
import { categories, promoCodeCategories, promoCodes, promoRedemptions, user } from "~/.server/db/schema";
import {
  PROMO_FORM_MESSAGES,
  PromoCodeFormSchema,
  promoFormErrors,
  type AdminPromoCodeRow,
  type PromoCodeDraft,
  type PromoFormField,
} from "~/domain/promotions/promotions.schema";
import { conflict, invalid, notFound, type DomainError } from "~/domain/errors";
import { addParisDays, parisDayStart } from "~/lib/paris-time";
import { isUuid } from "~/lib/uuid";
import type { AdminActor } from "~/domain/activity-log/activity-log";
import { changedFields } from "~/domain/activity-log/masking";
import { recordAdminChangeBy } from "~/.server/outbox/events";

/*
 * Refusals are thrown as domain errors (~/domain/errors): `invalid_promo_code` (the form's
 * messages per field; also an unknown customer e-mail or category, a limit below the uses
 * already made), `not_found`, and `promo_code_taken` (a conflict on the code field).
 */

/** A refusal about one field of the form; its message is also the field's. */
function fieldError(field: PromoFormField, message: string): DomainError {
  return invalid("invalid_promo_code", message, { field, fieldErrors: { [field]: message } });
}

const codeTaken = () =>
  conflict("promo_code_taken", PROMO_FORM_MESSAGES.codeTaken, { field: "code", fieldErrors: { code: PROMO_FORM_MESSAGES.codeTaken } });
const promoNotFound = () => notFound("not_found", PROMO_FORM_MESSAGES.notFound);

/** Every code, newest first (or the one asked for). */
export async function listAdminPromoCodes(db: Executor, only?: { id: string }): Promise<AdminPromoCodeRow[]> {
  return selectPromoCodes(db, only ? eq(promoCodes.id, only.id) : undefined, [desc(promoCodes.createdAt), asc(promoCodes.code)]);
}

/** The admin API's walk over the codes (decision 049): by (updated_at, id) after the cursor, `limit` rows. */
export async function listAdminPromoCodesSince(db: Executor, window: KeysetWindow & { limit: number }): Promise<AdminPromoCodeRow[]> {
  return selectPromoCodes(
    db,
    and(...keysetConditions(promoCodes.updatedAt, promoCodes.id, window)),
    keysetOrder(promoCodes.updatedAt, promoCodes.id),
    window.limit,
  );
}

/** One code, or null (an id that is not a UUID included). */
export async function getAdminPromoCode(db: Executor, id: string): Promise<AdminPromoCodeRow | null> {
  return isUuid(id) ? getRow(db, id) : null;
}

async function selectPromoCodes(db: Executor, where: SQL | undefined, order: SQL[], limit?: number): Promise<AdminPromoCodeRow[]> {
  const query = db
    .select({ promo: promoCodes, email: user.email })
    .from(promoCodes)
    .leftJoin(user, eq(user.id, promoCodes.boundUserId))
    .where(where)
    .orderBy(...order)
    .$dynamic();
  const rows = limit === undefined ? await query : await query.limit(limit);
  const links = rows.length
    ? await db
        .select()
        .from(promoCodeCategories)
        .where(
          inArray(
            promoCodeCategories.promoCodeId,
            rows.map((r) => r.promo.id),
          ),
        )
    : [];
  const byCode = new Map<string, string[]>();
  for (const l of links) byCode.set(l.promoCodeId, [...(byCode.get(l.promoCodeId) ?? []), l.categoryId]);
  return rows.map(({ promo: p, email }) => ({
    id: p.id,
    code: p.code,
    description: p.description,
    kind: p.kind,
    percent_off: p.percentOff,
    amount_off_cents: p.amountOffCents,
    min_order_cents: p.minOrderCents,
    starts_at: p.startsAt?.toISOString() ?? null,
    ends_at: p.endsAt?.toISOString() ?? null,
    usage_limit: p.usageLimit,
    used_count: p.usedCount,
    per_customer_limit: p.perCustomerLimit,
    customer_email: email ?? p.boundEmail,
    category_ids: byCode.get(p.id) ?? [],
    active: p.active,
    origin: p.origin,
    created_at: p.createdAt.toISOString(),
    updated_at: p.updatedAt.toISOString(),
  }));
}

async function getRow(db: Executor, id: string): Promise<AdminPromoCodeRow | null> {
  return (await listAdminPromoCodes(db, { id }))[0] ?? null;
}

/** The columns of a valid draft, after the checks that need the database. */
async function columnsOf(db: Executor, draft: PromoCodeDraft): Promise<Partial<typeof promoCodes.$inferInsert>> {
  let boundUserId: string | null = null;
  if (draft.customer_email) {
    const [owner] = await db
      .select({ id: user.id })
      .from(user)
      .where(sql`lower(${user.email}) = ${draft.customer_email}`);
    if (!owner) throw fieldError("customer_email", PROMO_FORM_MESSAGES.customerUnknown);
    boundUserId = owner.id;
  }
  if (draft.category_ids.length > 0) {
    const found = await db.select({ id: categories.id }).from(categories).where(inArray(categories.id, draft.category_ids));
    if (found.length !== draft.category_ids.length) throw fieldError("category_ids", PROMO_FORM_MESSAGES.category);
  }
  return {
    code: draft.code,
    description: draft.description,
    kind: draft.kind,
    percentOff: draft.percent_off,
    amountOffCents: draft.amount_off_cents,
    minOrderCents: draft.min_order_cents,
    startsAt: draft.starts_on ? parisDayStart(draft.starts_on) : null,
    // Valid through the whole last day: the end is the next day's start (exclusive).
    endsAt: draft.ends_on ? parisDayStart(addParisDays(draft.ends_on, 1)) : null,
    usageLimit: draft.usage_limit,
    perCustomerLimit: draft.per_customer_limit,
    boundUserId,
    boundEmail: draft.customer_email,
  };
}

/** The form's draft; the refusal's message is the first field's, each field keeps its own. */
function parse(input: unknown): PromoCodeDraft {
  const parsed = PromoCodeFormSchema.safeParse(input);
  if (parsed.success) return parsed.data;
  const fieldErrors: Partial<Record<PromoFormField, string>> = promoFormErrors(parsed.error);
  throw invalid("invalid_promo_code", Object.values(fieldErrors)[0] ?? PROMO_FORM_MESSAGES.codeRequired, { fieldErrors });
}

async function isCodeTaken(db: Executor, code: string, exceptId?: string): Promise<boolean> {
  const [row] = await db.select({ id: promoCodes.id }).from(promoCodes).where(eq(promoCodes.code, code));
  return Boolean(row && row.id !== exceptId);
}

export async function createPromoCode(db: Database, input: unknown, actor?: AdminActor, now = new Date()): Promise<AdminPromoCodeRow> {
  const draft = parse(input);
  const values = await columnsOf(db, draft);
  if (await isCodeTaken(db, draft.code)) throw codeTaken();
  const id = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(promoCodes)
      .values({ ...values, code: draft.code, kind: draft.kind, createdAt: now, updatedAt: now })
      .onConflictDoNothing({ target: promoCodes.code })
      .returning({ id: promoCodes.id });
    if (!row) return null;
    if (draft.category_ids.length > 0) {
      await tx.insert(promoCodeCategories).values(draft.category_ids.map((categoryId) => ({ promoCodeId: row.id, categoryId })));
    }
    await recordAdminChangeBy(tx, actor, {
      action: "promo_code.create",
      entityType: "promo_code",
      entityId: row.id,
      summary: `Code promo ${draft.code} créé`,
      after: { ...values, categoryIds: draft.category_ids },
    });
    return row.id;
  });
  if (!id) throw codeTaken();
  return (await getRow(db, id))!;
}

export async function updatePromoCode(
  db: Database,
  id: string,
  input: unknown,
  actor?: AdminActor,
  now = new Date(),
): Promise<AdminPromoCodeRow> {
  if (!isUuid(id)) throw promoNotFound();
  const draft = parse(input);
  const values = await columnsOf(db, draft);
  if (await isCodeTaken(db, draft.code, id)) throw codeTaken();
  await db.transaction(async (tx) => {
    // Locked: a concurrent order cannot take a use between the check and the update.
    const [current] = await tx.select().from(promoCodes).where(eq(promoCodes.id, id)).for("update");
    if (!current) throw promoNotFound();
    const limit = draft.usage_limit;
    if (limit !== null && limit < current.usedCount) {
      throw fieldError("usage_limit", PROMO_FORM_MESSAGES.limitBelowUses(current.usedCount));
    }
    await tx
      .update(promoCodes)
      .set({ ...values, updatedAt: now })
      .where(eq(promoCodes.id, id));
    const previousCategories = await tx
      .delete(promoCodeCategories)
      .where(eq(promoCodeCategories.promoCodeId, id))
      .returning({ categoryId: promoCodeCategories.categoryId });
    if (draft.category_ids.length > 0) {
      await tx.insert(promoCodeCategories).values(draft.category_ids.map((categoryId) => ({ promoCodeId: id, categoryId })));
    }
    const was: Record<string, unknown> = { categoryIds: previousCategories.map((c) => c.categoryId).sort() };
    for (const key of Object.keys(values)) was[key] = current[key as keyof typeof current];
    await recordAdminChangeBy(tx, actor, {
      action: "promo_code.update",
      entityType: "promo_code",
      entityId: id,
      summary: `Code promo ${draft.code} modifié`,
      ...changedFields(was, { ...values, categoryIds: [...draft.category_ids].sort() }),
    });
  });
  return (await getRow(db, id))!;
}

/** Disable (or enable again): a disabled code is refused at checkout with its own message. */
export async function setPromoCodeActive(
  db: Executor,
  id: string,
  active: boolean,
  actor?: AdminActor,
  now = new Date(),
): Promise<AdminPromoCodeRow> {
  if (!isUuid(id)) throw promoNotFound();
  await db.transaction(async (tx) => {
    const [current] = await tx
      .select({ code: promoCodes.code, active: promoCodes.active })
      .from(promoCodes)
      .where(eq(promoCodes.id, id))
      .for("update");
    if (!current) throw promoNotFound();
    await tx.update(promoCodes).set({ active, updatedAt: now }).where(eq(promoCodes.id, id));
    await recordAdminChangeBy(tx, actor, {
      action: active ? "promo_code.enable" : "promo_code.disable",
      entityType: "promo_code",
      entityId: id,
      summary: `Code promo ${current.code} ${active ? "réactivé" : "désactivé"}`,
      before: { active: current.active },
      after: { active },
    });
  });
  return (await getRow(db, id))!;
}

/**
 * Deletes a code no order ever used (a typo, a test). A code that served keeps its history (its
 * redemptions, the orders' discounts): it is refused with `promo_code_used`, disable it instead.
 */
export async function deletePromoCode(db: Database, id: string, actor?: AdminActor): Promise<{ id: string; code: string }> {
  if (!isUuid(id)) throw promoNotFound();
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(promoCodes).where(eq(promoCodes.id, id)).for("update");
    if (!current) throw promoNotFound();
    const [used] = await tx.select({ id: promoRedemptions.id }).from(promoRedemptions).where(eq(promoRedemptions.promoCodeId, id)).limit(1);
    if (used || current.usedCount > 0) throw conflict("promo_code_used", PROMO_FORM_MESSAGES.usedCannotBeDeleted);
    await tx.delete(promoCodes).where(eq(promoCodes.id, id));
    await recordAdminChangeBy(tx, actor, {
      action: "promo_code.delete",
      entityType: "promo_code",
      entityId: id,
      summary: `Code promo ${current.code} supprimé`,
      before: {
        code: current.code,
        kind: current.kind,
        percentOff: current.percentOff,
        amountOffCents: current.amountOffCents,
        active: current.active,
      },
    });
    return { id, code: current.code };
  });
}
