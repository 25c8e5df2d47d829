import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { asc, eq } from "drizzle-orm";
import { createTestDatabase } from "../../../../tests/support/db";
import type { DatabaseHandle } from "../../db/client";
import { favorites, products, user } from "../../db/schema";
import { addFavorite, isFavorite, listFavoriteIds, removeFavorite, toggleFavorite } from "./favorites.service";
import { listFavorites } from "../../workflows/favorites";

let handle: DatabaseHandle;
const alice = "user-fav-alice";
const bruno = "user-fav-bruno";
const UNKNOWN_ID = "00000000-0000-4000-8000-000000000000";
let p: { id: string; name: string }[];

beforeAll(async () => {
  handle = await createTestDatabase();
  await handle.db.insert(user).values([
    { id: alice, name: "Alice Martin", email: "alice.fav@example.com" },
    { id: bruno, name: "Bruno Petit", email: "bruno.fav@example.com" },
  ]);
  p = await handle.db.select({ id: products.id, name: products.name }).from(products).orderBy(asc(products.name)).limit(3);
});

afterAll(async () => {
  await handle?.close();
});

describe("favourites", () => {
  it("adds favourites idempotently and lists them as cards, newest first", async () => {
    expect(await addFavorite(handle.db, alice, p[0].id)).toEqual({ added: true });
    await new Promise((r) => setTimeout(r, 5));
    expect(await addFavorite(handle.db, alice, p[1].id)).toEqual({ added: true });
    expect(await addFavorite(handle.db, alice, p[1].id)).toEqual({ added: false });

    const list = await listFavorites(handle.db, alice);
    expect(list.map((c) => c.id)).toEqual([p[1].id, p[0].id]);
    expect(list[0]).toMatchObject({ name: p[1].name });
    expect(list[0].category?.name).toEqual(expect.any(String));
    expect(await listFavoriteIds(handle.db, alice)).toEqual([p[1].id, p[0].id]);
    expect(await handle.db.select().from(favorites).where(eq(favorites.userId, alice))).toHaveLength(2);
  });

  it("refuses unknown or malformed product ids", async () => {
    const refused = { kind: "not_found", code: "product_not_found", message: "Produit introuvable" };
    await expect(addFavorite(handle.db, alice, UNKNOWN_ID)).rejects.toMatchObject(refused);
    await expect(addFavorite(handle.db, alice, "pas-un-id")).rejects.toMatchObject(refused);
    expect(await removeFavorite(handle.db, alice, "pas-un-id")).toBe(false);
    expect(await isFavorite(handle.db, alice, "pas-un-id")).toBe(false);
  });

  it("toggles: adds when absent, removes when present", async () => {
    expect(await toggleFavorite(handle.db, alice, p[2].id)).toBe(true);
    expect(await isFavorite(handle.db, alice, p[2].id)).toBe(true);
    expect(await toggleFavorite(handle.db, alice, p[2].id)).toBe(false);
    expect(await isFavorite(handle.db, alice, p[2].id)).toBe(false);
    await expect(toggleFavorite(handle.db, alice, UNKNOWN_ID)).rejects.toMatchObject({ code: "product_not_found" });
  });

  it("keeps each shopper's favourites to themselves", async () => {
    expect(await listFavorites(handle.db, bruno)).toEqual([]);
    await addFavorite(handle.db, bruno, p[2].id);
    expect(await listFavoriteIds(handle.db, bruno)).toEqual([p[2].id]);
    // Bruno removing Alice's favourite product only touches his own list.
    expect(await removeFavorite(handle.db, bruno, p[0].id)).toBe(false);
    expect(await listFavoriteIds(handle.db, alice)).toEqual([p[1].id, p[0].id]);
    expect(await isFavorite(handle.db, bruno, p[0].id)).toBe(false);
  });
});
