import { createHash, randomBytes } from "node:crypto";
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { rowsOf, type Database, type Executor } from "../../db/client";
import { getEnv } from "../../env";
import { products, productVariants, restockAlerts, userProfiles } from "../../db/schema";
import { enqueueMail, kickOutbox } from "../../outbox/outbox.service";
import { renderMail } from "../../mail/templates";
import { isLanguage, type Language } from "~/domain/i18n/languages";
import { conflict, notFound } from "~/domain/errors";
import { RESTOCK_CONFIRMATION_TTL_HOURS } from "~/lib/shop-rules";
import { firstNameOfEmail, mailLanguageOf, mailLanguageOfEmail } from "~/.server/db/recipients";
import * as SHOP_MESSAGES from "~/domain/messages/shop";

/** Alerts sent per pass of the job (the next pass takes the rest). */
export const RESTOCK_ALERT_BATCH = 200;

/*
 * A visitor's confirmation link works RESTOCK_CONFIRMATION_TTL_HOURS, counted from the alert's
 * created_at, which a new request for a still unconfirmed alert moves forward (an unconfirmed
 * alert is not waiting yet: its latest request is when it starts).
 */

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");
const normalizeEmail = (email: string) => email.trim().toLowerCase();

type VariantInfo = {
  variantId: string;
  productId: string;
  productName: string;
  label: string;
  sku: string;
  stock: number;
  variantCount: number;
};

async function variantInfo(db: Executor, variantId: string): Promise<VariantInfo> {
  const [row] = await db
    .select({
      variantId: productVariants.id,
      productId: productVariants.productId,
      productName: products.name,
      label: productVariants.label,
      sku: productVariants.sku,
      stock: productVariants.stockQuantity,
      variantCount: products.variantCount,
    })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(eq(productVariants.id, variantId));
  if (!row) throw notFound("variant_not_found", SHOP_MESSAGES.productVariantDoesNotExist, { field: "variant_id" });
  if (row.stock > 0) throw conflict("variant_in_stock", SHOP_MESSAGES.variantAvailableAddCart, { field: "variant_id" });
  return row;
}

const productTitle = (v: Pick<VariantInfo, "productName" | "label" | "variantCount">) =>
  v.variantCount > 1 ? `${v.productName} (${v.label})` : v.productName;

const productPath = (v: Pick<VariantInfo, "productId" | "sku">) => `/product/${v.productId}?variant=${encodeURIComponent(v.sku)}`;

/**
 * A signed-in shopper's alert: their account's address, confirmed at once (they are who they say).
 * Asking twice keeps one waiting alert.
 */
export async function subscribeShopperRestockAlert(db: Executor, variantId: string, user: { id: string; email: string }): Promise<void> {
  await variantInfo(db, variantId);
  // The conflict target is the expression index on lower(email): written in SQL, which drizzle's
  // onConflict cannot name.
  await db.execute(sql`
    INSERT INTO ${restockAlerts} (variant_id, user_id, email, confirmed_at)
    VALUES (${variantId}::uuid, ${user.id}, ${normalizeEmail(user.email)}, now())
    ON CONFLICT (variant_id, lower(email)) WHERE notified_at IS NULL
    DO UPDATE SET user_id = excluded.user_id, confirmed_at = coalesce(${restockAlerts}.confirmed_at, now()), confirm_token_hash = NULL`);
}

/**
 * A visitor's alert, double opt-in: the alert waits unconfirmed and a confirmation mail carries a
 * token whose hash only is stored. The caller answers the same whatever happened (an address
 * already waiting is not told apart), so the form reveals nothing about an address.
 */
export async function requestVisitorRestockAlert(
  db: Database,
  variantId: string,
  rawEmail: string,
  publicUrl: string,
  language?: Language,
): Promise<void> {
  const email = normalizeEmail(rawEmail);
  const queued = await db.transaction(async (tx) => {
    const variant = await variantInfo(tx, variantId);
    const [existing] = await tx
      .select({ id: restockAlerts.id, confirmedAt: restockAlerts.confirmedAt })
      .from(restockAlerts)
      .where(and(eq(restockAlerts.variantId, variantId), sql`lower(${restockAlerts.email}) = ${email}`, isNull(restockAlerts.notifiedAt)))
      .for("update");
    // The restock mail will speak the language of the page of the latest request (decision 044).
    const pageLanguage = language ? { language } : {};
    if (existing?.confirmedAt) {
      if (language) await tx.update(restockAlerts).set(pageLanguage).where(eq(restockAlerts.id, existing.id));
      return false;
    }
    const token = randomBytes(32).toString("base64url");
    if (existing) {
      await tx
        .update(restockAlerts)
        .set({ confirmTokenHash: hashToken(token), createdAt: sql`now()`, ...pageLanguage })
        .where(eq(restockAlerts.id, existing.id));
    } else {
      await tx.insert(restockAlerts).values({ variantId, email, confirmTokenHash: hashToken(token), ...pageLanguage });
    }
    const mail = await renderMail(
      "restock-confirmation",
      {
        firstName: await firstNameOfEmail(tx, email),
        productTitle: productTitle(variant),
        confirmPath: `/alerte-stock/confirmation?token=${token}`,
      },
      // The language of the page the visitor asked from, when the caller knows it (decision 044).
      { publicUrl, language: language ?? (await mailLanguageOfEmail(tx, email)) },
    );
    await enqueueMail(tx, { to: email, ...mail });
    return true;
  });
  if (queued) kickOutbox();
}

type ConfirmedVariant = { productId: string; productName: string; sku: string };

export type RestockConfirmation =
  ({ ok: true } & ConfirmedVariant) | ({ ok: false; reason: "expired" } & ConfirmedVariant) | { ok: false; reason: "invalid" };

async function confirmedVariant(db: Executor, variantId: string): Promise<ConfirmedVariant | undefined> {
  const [v] = await db
    .select({ productId: productVariants.productId, productName: products.name, sku: productVariants.sku })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(eq(productVariants.id, variantId));
  return v;
}

/**
 * The confirmation link: the alert starts waiting for the restock. Single use, and valid
 * RESTOCK_CONFIRMATION_TTL_HOURS after the request; an expired link names its product so the
 * page can offer to ask again.
 */
export async function confirmRestockAlert(db: Executor, token: string): Promise<RestockConfirmation> {
  if (!token || token.length > 200) return { ok: false, reason: "invalid" };
  const hash = hashToken(token);
  const fresh = sql`${restockAlerts.createdAt} > now() - make_interval(hours => ${RESTOCK_CONFIRMATION_TTL_HOURS})`;
  const [row] = await db
    .update(restockAlerts)
    .set({ confirmedAt: sql`now()`, confirmTokenHash: null })
    .where(and(eq(restockAlerts.confirmTokenHash, hash), isNull(restockAlerts.notifiedAt), fresh))
    .returning({ variantId: restockAlerts.variantId });
  if (row) {
    const v = await confirmedVariant(db, row.variantId);
    return v ? { ok: true, ...v } : { ok: false, reason: "invalid" };
  }
  const [stale] = await db
    .select({ variantId: restockAlerts.variantId })
    .from(restockAlerts)
    .where(and(eq(restockAlerts.confirmTokenHash, hash), isNull(restockAlerts.notifiedAt)));
  const v = stale && (await confirmedVariant(db, stale.variantId));
  return v ? { ok: false, reason: "expired", ...v } : { ok: false, reason: "invalid" };
}

type ClaimedAlert = {
  email: string;
  product_id: string;
  sku: string;
  label: string;
  product_name: string;
  variant_count: number;
  /** The shopper's first name for the greeting; null for a visitor's alert. */
  first_name: string | null;
  user_id: string | null;
  /** The language of the page a visitor asked from; null for a shopper's alert and older alerts. */
  language: string | null;
};

/**
 * The language of an alert's mail (decision 044): a shopper's Préférences; for a visitor, the
 * language of the page they asked from, else (alerts stored before it was kept) the address's
 * account language, else French.
 */
async function restockMailLanguage(tx: Executor, alert: ClaimedAlert): Promise<Language> {
  if (alert.user_id) return mailLanguageOf(tx, alert.user_id);
  if (isLanguage(alert.language)) return alert.language;
  return mailLanguageOfEmail(tx, alert.email);
}

/**
 * Claims the confirmed, unspent alerts of variants in stock (all of them, or those named) and
 * queues each one e-mail in the caller's transaction. The claim is one conditional UPDATE
 * (`notified_at IS NULL`, re-checked after any row lock wait) whose returned rows get their mail
 * in the same transaction, so two claims at once never mail one alert twice. `skipLocked` lets
 * the job's passes share the work; a restock waits for the rows instead, then finds them spent.
 */
async function claimAndMailAlerts(
  tx: Executor,
  base: string,
  scope: { variantIds?: readonly string[]; limit: number; skipLocked: boolean },
): Promise<number> {
  const onlyVariants = scope.variantIds
    ? sql`AND a.variant_id IN (${sql.join(
        scope.variantIds.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`
    : sql``;
  const lock = scope.skipLocked ? sql`FOR UPDATE OF a SKIP LOCKED` : sql`FOR UPDATE OF a`;
  const res = await tx.execute(sql`
    WITH due AS (
      SELECT a.id FROM ${restockAlerts} a
      JOIN ${productVariants} v ON v.id = a.variant_id
      WHERE a.notified_at IS NULL AND a.confirmed_at IS NOT NULL AND v.stock_quantity > 0 ${onlyVariants}
      ORDER BY a.created_at
      LIMIT ${scope.limit}
      ${lock}
    )
    UPDATE ${restockAlerts} a SET notified_at = now()
    FROM due, ${productVariants} v, ${products} p
    WHERE a.id = due.id AND a.notified_at IS NULL AND v.id = a.variant_id AND p.id = v.product_id
    RETURNING a.email, a.user_id, a.language, v.product_id, v.sku, v.label, p.name AS product_name, p.variant_count,
      (SELECT up.first_name FROM ${userProfiles} up WHERE up.id = a.user_id) AS first_name`);
  const rows = rowsOf<ClaimedAlert>(res);
  for (const r of rows) {
    const variant = {
      productId: r.product_id,
      sku: r.sku,
      label: r.label,
      productName: r.product_name,
      variantCount: Number(r.variant_count),
    };
    const mail = await renderMail(
      "restock-available",
      { firstName: r.first_name, productTitle: productTitle(variant), productPath: productPath(variant) },
      { publicUrl: base, language: await restockMailLanguage(tx, r) },
    );
    await enqueueMail(tx, { to: r.email, ...mail });
  }
  return rows.length;
}

/**
 * Called inside the transaction that put stock back on these variants (an administrator's change,
 * a cancelled or returned order): their waiting alerts are claimed and their e-mails queued in it,
 * so the mail leaves as soon as it commits. The caller kicks the outbox after the commit. Variants
 * still out of stock are skipped by the claim itself. Returns how many alerts were spent.
 */
export async function mailRestockedVariantAlerts(
  tx: Executor,
  variantIds: readonly string[],
  publicUrl: string = getEnv().publicUrl,
): Promise<number> {
  const ids = [...new Set(variantIds)];
  if (ids.length === 0) return 0;
  const [{ waiting }] = await tx
    .select({ waiting: sql<number>`count(*)::int` })
    .from(restockAlerts)
    .where(and(inArray(restockAlerts.variantId, ids), isNull(restockAlerts.notifiedAt), sql`${restockAlerts.confirmedAt} IS NOT NULL`));
  // Most restocks have nobody waiting: no lock is taken then.
  if (waiting === 0) return 0;
  return claimAndMailAlerts(tx, publicUrl.replace(/\/$/, ""), { variantIds: ids, limit: waiting, skipLocked: false });
}

/**
 * The safety net: a repeating job mails every confirmed alert whose variant has stock again and
 * that no restock mailed (stock put back by something that does not call
 * mailRestockedVariantAlerts, an alert confirmed after its variant came back).
 */
export async function sendRestockAlerts(db: Database, publicUrl: string): Promise<{ notified: number }> {
  const base = publicUrl.replace(/\/$/, "");
  const notified = await db.transaction((tx) => claimAndMailAlerts(tx, base, { limit: RESTOCK_ALERT_BATCH, skipLocked: true }));
  if (notified > 0) kickOutbox();
  return { notified };
}

/** The form's one call: a signed-in shopper's alert at once, or a visitor's confirmation mail. */
export async function requestRestockAlert(
  db: Database,
  input: { variantId: string; user: { id: string; email: string } | null; email?: string; language?: Language },
  publicUrl: string,
): Promise<"subscribed" | "confirmation_sent"> {
  if (input.user) {
    await subscribeShopperRestockAlert(db, input.variantId, input.user);
    return "subscribed";
  }
  await requestVisitorRestockAlert(db, input.variantId, input.email ?? "", publicUrl, input.language);
  return "confirmation_sent";
}
