import { and, count, desc, eq, ne } from "drizzle-orm";
import type { Executor } from "../../db/client";
import { savedAddresses, user, type OrderAddress } from "../../db/schema";
import { isUuid } from "~/lib/uuid";
import { assertKnownPostalCode, isKnownFrenchPostalCode, UNKNOWN_POSTAL_CODE_MESSAGE } from "../../postal-codes/postal-codes";
import { shippingZoneOf, type ShippingZone } from "~/domain/checkout/shipping.rules";
import { conflict, invalid, notFound } from "~/domain/errors";
import {
  AddressSchema,
  MAX_SAVED_ADDRESSES,
  missingAddressFields,
  addressFieldErrors,
  type AddressField,
  type SavedAddressView,
} from "~/domain/addresses/address.schema";
import * as CHECKOUT_MESSAGES from "~/domain/messages/checkout";

/**
 * The shopper's address book (`saved_addresses`). Every call is scoped to one user id: an id
 * that belongs to someone else reads exactly like an id that does not exist (404).
 *
 * Invariants: at most one default per user (also a unique partial index in the database); the
 * first address becomes the default; the default cannot be deleted, so a non-empty book always
 * has one. Mutations of one user's book are serialised by locking the user's row, so two
 * parallel creations cannot both become "the first" nor pass the size limit together.
 */

export const ADDRESS_NOT_FOUND_MESSAGE = "Adresse introuvable";
export const INVALID_DELIVERY_ADDRESS_MESSAGE = CHECKOUT_MESSAGES.selectValidDeliveryAddress;
export const DEFAULT_ADDRESS_UNDELETABLE_MESSAGE =
  "Impossible de supprimer l'adresse par défaut. Définissez d'abord une autre adresse par défaut.";
export const ADDRESS_LIMIT_MESSAGE = `Vous ne pouvez pas enregistrer plus de ${MAX_SAVED_ADDRESSES} adresses. Supprimez-en une pour en ajouter une nouvelle.`;

/*
 * Refusals are thrown as domain errors (~/domain/errors): `invalid_address` (with a message per
 * field), `not_found`, `address_limit` and `default_undeletable` (conflicts).
 */

type AddressRow = typeof savedAddresses.$inferSelect;

const addressNotFound = () => notFound("not_found", ADDRESS_NOT_FOUND_MESSAGE);

export function toSavedAddressView(row: AddressRow): SavedAddressView {
  return {
    id: row.id,
    type: row.type,
    label: row.label,
    is_default: row.isDefault,
    first_name: row.firstName,
    last_name: row.lastName,
    company: row.company,
    address_line_1: row.addressLine1,
    address_line_2: row.addressLine2,
    city: row.city,
    state: row.state,
    postal_code: row.postalCode,
    country: row.country,
    phone: row.phone,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** Validates with the form's schema; the refusal carries one French message per field. */
function validate(input: unknown) {
  const parsed = AddressSchema.safeParse(input ?? {});
  if (parsed.success) {
    assertKnownPostalCode(parsed.data.country, parsed.data.postal_code);
    return parsed.data;
  }
  const fieldErrors: Partial<Record<AddressField, string>> = addressFieldErrors(parsed.error);
  throw invalid("invalid_address", Object.values(fieldErrors).join(" ; ") || "Adresse invalide", { fieldErrors });
}

/** Serialises changes to one user's book (and proves the user exists). */
async function lockUser(tx: Executor, userId: string): Promise<boolean> {
  const rows = await tx.select({ id: user.id }).from(user).where(eq(user.id, userId)).for("update");
  return rows.length > 0;
}

async function findOwn(tx: Executor, userId: string, id: string): Promise<AddressRow | null> {
  if (!isUuid(id)) return null;
  const [row] = await tx
    .select()
    .from(savedAddresses)
    .where(and(eq(savedAddresses.id, id), eq(savedAddresses.userId, userId)))
    .limit(1);
  return row ?? null;
}

/** The user's addresses, the default first, then the newest. */
export async function listAddresses(db: Executor, userId: string): Promise<SavedAddressView[]> {
  const rows = await db
    .select()
    .from(savedAddresses)
    .where(eq(savedAddresses.userId, userId))
    .orderBy(desc(savedAddresses.isDefault), desc(savedAddresses.createdAt), desc(savedAddresses.id));
  return rows.map(toSavedAddressView);
}

/** One of the user's own addresses, or null (unknown id or someone else's). */
export async function getAddress(db: Executor, userId: string, id: string): Promise<SavedAddressView | null> {
  const row = await findOwn(db, userId, id);
  return row ? toSavedAddressView(row) : null;
}

export async function createAddress(db: Executor, userId: string, input: unknown): Promise<SavedAddressView> {
  const { is_default: wantsDefault, ...fields } = validate(input);
  return db.transaction(async (tx) => {
    if (!(await lockUser(tx, userId))) throw addressNotFound();
    const [{ n }] = await tx.select({ n: count() }).from(savedAddresses).where(eq(savedAddresses.userId, userId));
    if (n >= MAX_SAVED_ADDRESSES) throw conflict("address_limit", ADDRESS_LIMIT_MESSAGE);
    const isDefault = n === 0 || wantsDefault;
    if (isDefault && n > 0) {
      await tx
        .update(savedAddresses)
        .set({ isDefault: false, updatedAt: new Date() })
        .where(and(eq(savedAddresses.userId, userId), eq(savedAddresses.isDefault, true)));
    }
    const [row] = await tx
      .insert(savedAddresses)
      .values({
        userId,
        type: "shipping",
        isDefault,
        label: fields.label,
        firstName: fields.first_name,
        lastName: fields.last_name,
        company: fields.company,
        addressLine1: fields.address_line_1,
        addressLine2: fields.address_line_2,
        city: fields.city,
        state: fields.state,
        postalCode: fields.postal_code,
        country: fields.country,
        phone: fields.phone,
      })
      .returning();
    return toSavedAddressView(row);
  });
}

/**
 * Changes some or all fields of an own address (the result is validated as a whole).
 * `is_default: true` makes it the default; `is_default: false` on the default is ignored,
 * because a non-empty book always keeps one default (choose another one instead).
 */
export async function updateAddress(db: Executor, userId: string, id: string, patch: unknown): Promise<SavedAddressView> {
  const changes = patch && typeof patch === "object" && !Array.isArray(patch) ? (patch as Record<string, unknown>) : {};
  return db.transaction(async (tx) => {
    if (!(await lockUser(tx, userId))) throw addressNotFound();
    const current = await findOwn(tx, userId, id);
    if (!current) throw addressNotFound();
    const merged = { ...toSavedAddressView(current), ...changes, is_default: changes.is_default ?? current.isDefault };
    const next = validate(merged);
    const isDefault = current.isDefault || next.is_default;
    if (isDefault && !current.isDefault) {
      await tx
        .update(savedAddresses)
        .set({ isDefault: false, updatedAt: new Date() })
        .where(and(eq(savedAddresses.userId, userId), eq(savedAddresses.isDefault, true)));
    }
    const [row] = await tx
      .update(savedAddresses)
      .set({
        isDefault,
        label: next.label,
        firstName: next.first_name,
        lastName: next.last_name,
        company: next.company,
        addressLine1: next.address_line_1,
        addressLine2: next.address_line_2,
        city: next.city,
        state: next.state,
        postalCode: next.postal_code,
        country: next.country,
        phone: next.phone,
        updatedAt: new Date(),
      })
      .where(and(eq(savedAddresses.id, current.id), eq(savedAddresses.userId, userId)))
      .returning();
    return toSavedAddressView(row);
  });
}

/** Makes an own address the default and clears the previous one, in one transaction. */
export async function setDefaultAddress(db: Executor, userId: string, id: string): Promise<SavedAddressView> {
  return db.transaction(async (tx) => {
    if (!(await lockUser(tx, userId))) throw addressNotFound();
    const current = await findOwn(tx, userId, id);
    if (!current) throw addressNotFound();
    if (current.isDefault) return toSavedAddressView(current);
    const now = new Date();
    await tx
      .update(savedAddresses)
      .set({ isDefault: false, updatedAt: now })
      .where(and(eq(savedAddresses.userId, userId), eq(savedAddresses.isDefault, true), ne(savedAddresses.id, current.id)));
    const [row] = await tx
      .update(savedAddresses)
      .set({ isDefault: true, updatedAt: now })
      .where(and(eq(savedAddresses.id, current.id), eq(savedAddresses.userId, userId)))
      .returning();
    return toSavedAddressView(row);
  });
}

/** Deletes an own address; the default is refused (choose another default first). */
export async function deleteAddress(db: Executor, userId: string, id: string): Promise<{ id: string }> {
  return db.transaction(async (tx) => {
    if (!(await lockUser(tx, userId))) throw addressNotFound();
    const current = await findOwn(tx, userId, id);
    if (!current) throw addressNotFound();
    if (current.isDefault) throw conflict("default_undeletable", DEFAULT_ADDRESS_UNDELETABLE_MESSAGE);
    await tx.delete(savedAddresses).where(and(eq(savedAddresses.id, current.id), eq(savedAddresses.userId, userId)));
    return { id: current.id };
  });
}

/** The erasure of an account (RGPD art. 17). */
export async function eraseAddressesOf(tx: Executor, userId: string): Promise<void> {
  await tx.delete(savedAddresses).where(eq(savedAddresses.userId, userId));
}

export type ResolvedAddress = { address: OrderAddress; shippingZone: ShippingZone };

/**
 * The shopper's own saved address, complete and valid, as an order keeps it, with its delivery
 * zone: the checkout and the change of address of a pending order apply the same rules.
 */
export async function resolveDeliveryAddress(
  db: Executor,
  userId: string,
  addressId: string,
): Promise<{ ok: true; value: ResolvedAddress } | { ok: false; message: string }> {
  const [row] = await db
    .select()
    .from(savedAddresses)
    .where(and(eq(savedAddresses.id, addressId), eq(savedAddresses.userId, userId)));
  if (!row) return { ok: false, message: INVALID_DELIVERY_ADDRESS_MESSAGE };
  const missing = missingAddressFields({
    address_line_1: row.addressLine1,
    city: row.city,
    postal_code: row.postalCode,
    country: row.country,
    first_name: row.firstName,
    last_name: row.lastName,
  });
  if (missing) return { ok: false, message: missing };
  const parsed = AddressSchema.safeParse({
    label: row.label,
    first_name: row.firstName,
    last_name: row.lastName,
    company: row.company,
    address_line_1: row.addressLine1,
    address_line_2: row.addressLine2,
    city: row.city,
    state: row.state,
    postal_code: row.postalCode,
    country: row.country,
    phone: row.phone,
  });
  if (!parsed.success) return { ok: false, message: `Erreur de validation: ${parsed.error.issues[0]?.message ?? ""}` };
  const a = parsed.data;
  // A saved address from before the postal code check may hold a code that does not exist.
  if (a.country === "France" && !isKnownFrenchPostalCode(a.postal_code)) return { ok: false, message: UNKNOWN_POSTAL_CODE_MESSAGE };
  const zone = shippingZoneOf(a.country, a.postal_code);
  if (!zone) return { ok: false, message: INVALID_DELIVERY_ADDRESS_MESSAGE };
  return {
    ok: true,
    value: {
      shippingZone: zone,
      address: {
        first_name: a.first_name,
        last_name: a.last_name,
        company: a.company,
        street: a.address_line_1,
        additional_info: a.address_line_2,
        city: a.city,
        state: a.state,
        postal_code: a.postal_code,
        country: a.country,
        phone: a.phone,
      },
    },
  };
}
