import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { createTestDatabase } from "../../../../tests/support/db";
import type { DatabaseHandle } from "../../db/client";
import { savedAddresses, user } from "../../db/schema";
import {
  ADDRESS_LIMIT_MESSAGE,
  ADDRESS_NOT_FOUND_MESSAGE,
  DEFAULT_ADDRESS_UNDELETABLE_MESSAGE,
  createAddress,
  deleteAddress,
  getAddress,
  listAddresses,
  setDefaultAddress,
  updateAddress,
} from "./addresses.service";
import { UNKNOWN_POSTAL_CODE_MESSAGE } from "../../postal-codes/postal-codes";
import { MAX_SAVED_ADDRESSES, type SavedAddressView } from "~/domain/addresses/address.schema";

let handle: DatabaseHandle;
const claire = "user-addresses-claire";
const marc = "user-addresses-marc";
const busy = "user-addresses-busy";
const racer = "user-addresses-racer";

const home = {
  label: "Maison",
  first_name: "Claire",
  last_name: "Dubois",
  address_line_1: "12 rue des Lilas",
  city: "Lyon",
  postal_code: "69003",
  country: "France",
  phone: "06 12 34 56 78",
};

async function create(userId: string, input: Record<string, unknown>): Promise<SavedAddressView> {
  return createAddress(handle.db, userId, input);
}

async function defaultsOf(userId: string): Promise<string[]> {
  const rows = await handle.db
    .select({ id: savedAddresses.id })
    .from(savedAddresses)
    .where(and(eq(savedAddresses.userId, userId), eq(savedAddresses.isDefault, true)));
  return rows.map((r) => r.id);
}

beforeAll(async () => {
  handle = await createTestDatabase();
  await handle.db.insert(user).values([
    { id: claire, name: "Claire Dubois", email: "claire.addresses@example.com" },
    { id: marc, name: "Marc Petit", email: "marc.addresses@example.com" },
    { id: busy, name: "Busy Bee", email: "busy.addresses@example.com" },
    { id: racer, name: "Racer", email: "racer.addresses@example.com" },
  ]);
});

afterAll(async () => {
  await handle?.close();
});

describe("createAddress", () => {
  it("makes the first address the default and the next ones not", async () => {
    const first = await create(claire, home);
    expect(first).toMatchObject({
      is_default: true,
      type: "shipping",
      label: "Maison",
      first_name: "Claire",
      company: null,
      address_line_2: null,
      postal_code: "69003",
      country: "France",
    });
    const second = await create(claire, { ...home, label: "Bureau", address_line_1: "5 place Bellecour" });
    expect(second.is_default).toBe(false);
    expect(await defaultsOf(claire)).toEqual([first.id]);
  });

  it("moves the default to a new address created with is_default", async () => {
    const third = await create(claire, { ...home, label: "Vacances", city: "Ajaccio", postal_code: "20000", is_default: true });
    expect(third.is_default).toBe(true);
    expect(await defaultsOf(claire)).toEqual([third.id]);
    const list = await listAddresses(handle.db, claire);
    expect(list.map((a) => a.label)).toEqual(["Vacances", "Bureau", "Maison"]);
  });

  it("refuses a bad postal code with the spec's message and stores nothing", async () => {
    const before = (await listAddresses(handle.db, marc)).length;
    const result = createAddress(handle.db, marc, { ...home, postal_code: "6900" });
    await expect(result).rejects.toMatchObject({
      kind: "invalid",
      code: "invalid_address",
      fieldErrors: { postal_code: "Le code postal doit contenir 5 chiffres" },
      message: expect.stringContaining("Le code postal doit contenir 5 chiffres"),
    });
    expect((await listAddresses(handle.db, marc)).length).toBe(before);
  });

  it("refuses a French postal code that does not exist, on creation and on change, and stores nothing", async () => {
    const before = await listAddresses(handle.db, marc);
    await expect(createAddress(handle.db, marc, { ...home, postal_code: "99999", city: "Paris" })).rejects.toMatchObject({
      kind: "invalid",
      code: "unknown_postal_code",
      fieldErrors: { postal_code: UNKNOWN_POSTAL_CODE_MESSAGE },
    });
    expect(await listAddresses(handle.db, marc)).toEqual(before);
    const kept = await createAddress(handle.db, marc, { ...home, label: "Bureau" });
    await expect(updateAddress(handle.db, marc, kept.id, { postal_code: "75999" })).rejects.toMatchObject({ code: "unknown_postal_code" });
    expect((await getAddress(handle.db, marc, kept.id))?.postal_code).toBe("69003");
  });

  it("gives one message per missing field", async () => {
    const result = createAddress(handle.db, marc, { country: "France", phone: "12" });
    await expect(result).rejects.toMatchObject({
      kind: "invalid",
      fieldErrors: {
        first_name: "Le prénom est obligatoire",
        last_name: "Le nom est obligatoire",
        address_line_1: "L'adresse est obligatoire",
        city: "La ville est obligatoire",
        postal_code: "Le code postal est obligatoire",
        phone: "Format de téléphone invalide",
      },
    });
  });

  it("stops at the size limit with a French message", async () => {
    for (let i = 0; i < MAX_SAVED_ADDRESSES; i++) await create(busy, { ...home, label: `Adresse ${i}` });
    await expect(createAddress(handle.db, busy, home)).rejects.toMatchObject({
      kind: "conflict",
      code: "address_limit",
      message: ADDRESS_LIMIT_MESSAGE,
    });
    expect((await listAddresses(handle.db, busy)).length).toBe(MAX_SAVED_ADDRESSES);
  });

  it("keeps exactly one default when first addresses are created at the same time", async () => {
    const results = await Promise.all(Array.from({ length: 5 }, (_, i) => createAddress(handle.db, racer, { ...home, label: `R${i}` })));
    expect(results).toHaveLength(5);
    expect(await defaultsOf(racer)).toHaveLength(1);
  });
});

describe("setDefaultAddress", () => {
  it("sets the chosen address as default and clears the others", async () => {
    const list = await listAddresses(handle.db, claire);
    const bureau = list.find((a) => a.label === "Bureau")!;
    const result = await setDefaultAddress(handle.db, claire, bureau.id);
    expect(result.is_default).toBe(true);
    expect(await defaultsOf(claire)).toEqual([bureau.id]);
    expect((await listAddresses(handle.db, claire))[0].id).toBe(bureau.id);
  });

  it("refuses someone else's address as not found", async () => {
    const [mine] = await listAddresses(handle.db, claire);
    await expect(setDefaultAddress(handle.db, marc, mine.id)).rejects.toMatchObject({
      kind: "not_found",
      message: ADDRESS_NOT_FOUND_MESSAGE,
    });
    expect(await defaultsOf(claire)).toEqual([mine.id]);
  });
});

describe("updateAddress", () => {
  it("changes some fields and validates the whole address", async () => {
    const [bureau] = await listAddresses(handle.db, claire);
    const result = await updateAddress(handle.db, claire, bureau.id, { city: "Villeurbanne", postal_code: "69100" });
    expect(result).toMatchObject({ city: "Villeurbanne", postal_code: "69100", label: "Bureau", is_default: true });
    await expect(updateAddress(handle.db, claire, bureau.id, { postal_code: "ABCDE" })).rejects.toMatchObject({
      fieldErrors: { postal_code: "Le code postal doit contenir 5 chiffres" },
    });
  });

  it("makes an address the default with is_default and keeps the default when asked to drop it", async () => {
    const list = await listAddresses(handle.db, claire);
    const maison = list.find((a) => a.label === "Maison")!;
    const result = await updateAddress(handle.db, claire, maison.id, { is_default: true });
    expect(result.is_default).toBe(true);
    expect(await defaultsOf(claire)).toEqual([maison.id]);
    const dropped = await updateAddress(handle.db, claire, maison.id, { is_default: false });
    expect(dropped.is_default).toBe(true);
  });

  it("refuses someone else's address and unknown ids", async () => {
    const [mine] = await listAddresses(handle.db, claire);
    await expect(updateAddress(handle.db, marc, mine.id, { city: "Paris" })).rejects.toMatchObject({ kind: "not_found" });
    await expect(updateAddress(handle.db, claire, "not-a-uuid", { city: "Paris" })).rejects.toMatchObject({ kind: "not_found" });
    expect((await getAddress(handle.db, claire, mine.id))?.city).not.toBe("Paris");
    expect(await getAddress(handle.db, marc, mine.id)).toBeNull();
  });
});

describe("deleteAddress", () => {
  it("refuses to delete the default address", async () => {
    const [def] = await listAddresses(handle.db, claire);
    expect(def.is_default).toBe(true);
    await expect(deleteAddress(handle.db, claire, def.id)).rejects.toMatchObject({
      kind: "conflict",
      code: "default_undeletable",
      message: DEFAULT_ADDRESS_UNDELETABLE_MESSAGE,
    });
    expect(await getAddress(handle.db, claire, def.id)).not.toBeNull();
  });

  it("deletes an own non-default address but not someone else's", async () => {
    const list = await listAddresses(handle.db, claire);
    const other = list.find((a) => !a.is_default)!;
    await expect(deleteAddress(handle.db, marc, other.id)).rejects.toMatchObject({ kind: "not_found" });
    expect(await getAddress(handle.db, claire, other.id)).not.toBeNull();
    expect(await deleteAddress(handle.db, claire, other.id)).toEqual({ id: other.id });
    expect(await getAddress(handle.db, claire, other.id)).toBeNull();
    expect((await listAddresses(handle.db, claire)).length).toBe(list.length - 1);
  });
});
