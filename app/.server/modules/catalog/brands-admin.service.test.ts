import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import { and, asc, eq } from "drizzle-orm";
import { createTestDatabase } from "../../../../tests/support/db";
import type { DatabaseHandle } from "../../db/client";
import { adminActivityLog, brands, products, webhookEndpoints, webhookEvents } from "../../db/schema";
import { insertSeedProducts } from "../../db/seed/demo";
import { createBrand, deleteBrand, listAdminBrands, updateBrand } from "./brands-admin.service";
import { settleDomainEvents } from "~/.server/workflows/event-subscribers";

let handle: DatabaseHandle;
const token = randomUUID().slice(0, 6);
const actor = { id: "key-1", label: "ERP", type: "api_key" as const };

beforeAll(async () => {
  handle = await createTestDatabase();
  await handle.db
    .insert(webhookEndpoints)
    .values({ url: "https://hooks.example.com/aurore", events: ["product.updated"], secret: "whsec_test" });
});

afterAll(async () => {
  await handle?.close();
});

describe("brands written by the admin API", () => {
  it("renames a brand onto its products, each announced as product.updated; a description alone announces nothing", async () => {
    const brand = await createBrand(handle.db, { name: `Maison ${token}` }, actor);
    await handle.db.transaction((tx) =>
      insertSeedProducts(
        tx,
        [1, 2].map((n) => ({
          name: `Soin ${n} ${token}`,
          priceCents: 1000,
          brand: `Maison ${token}`,
          categoryId: null,
          variants: [{ sku: `BR-${token}-${n}`, label: "50 ml", priceCents: 1000, stock: 1 }],
        })),
      ),
    );
    const ids = (await handle.db.select({ id: products.id }).from(products).where(eq(products.brandId, brand.id))).map((p) => p.id);
    expect(ids).toHaveLength(2);

    await updateBrand(handle.db, brand.id, { description: "Une maison de Grasse" }, actor);
    await settleDomainEvents(handle.db);
    const quiet = await handle.db.select().from(webhookEvents).where(eq(webhookEvents.type, "product.updated"));
    expect(quiet.filter((e) => ids.includes(e.resourceId))).toHaveLength(0);

    const renamed = await updateBrand(handle.db, brand.id, { name: `Maison Neuve ${token}` }, actor);
    expect(renamed).toMatchObject({ name: `Maison Neuve ${token}`, description: "Une maison de Grasse", product_count: 2 });
    const rows = await handle.db.select({ brand: products.brand }).from(products).where(eq(products.brandId, brand.id));
    expect(rows.map((r) => r.brand)).toEqual([`Maison Neuve ${token}`, `Maison Neuve ${token}`]);
    await settleDomainEvents(handle.db);
    const events = await handle.db.select().from(webhookEvents).where(eq(webhookEvents.type, "product.updated"));
    const ours = events.filter((e) => ids.includes(e.resourceId));
    expect(ours.map((e) => e.resourceId).sort()).toEqual([...ids].sort());
    expect(ours.every((e) => (e.payload as { brand?: string }).brand === `Maison Neuve ${token}`)).toBe(true);

    await expect(deleteBrand(handle.db, brand.id, actor)).rejects.toMatchObject({
      code: "brand_has_products",
      message: "Impossible de supprimer une marque utilisée par des produits",
    });
    await settleDomainEvents(handle.db);
    const log = await handle.db
      .select({ action: adminActivityLog.action, summary: adminActivityLog.summary })
      .from(adminActivityLog)
      .where(and(eq(adminActivityLog.entityType, "brand"), eq(adminActivityLog.entityId, brand.id)))
      .orderBy(asc(adminActivityLog.occurredAt));
    expect(log.map((l) => l.summary)).toEqual([
      `Marque « Maison ${token} » créée`,
      `Marque « Maison ${token} » modifiée`,
      `Marque « Maison ${token} » renommée en « Maison Neuve ${token} »`,
    ]);
  });

  it("refuses a duplicate name (case and accents ignored), an empty or too long one, and keeps the table unchanged", async () => {
    await createBrand(handle.db, { name: `Éclat ${token}` });
    const before = await handle.db.select().from(brands);
    await expect(createBrand(handle.db, { name: `eclat ${token.toUpperCase()}` })).rejects.toMatchObject({
      code: "brand_name_taken",
      message: "Une marque porte déjà ce nom",
    });
    await expect(createBrand(handle.db, { name: "" })).rejects.toMatchObject({ message: "Le nom de la marque est requis" });
    await expect(createBrand(handle.db, { name: "é".repeat(10_000) })).rejects.toMatchObject({
      message: "Le nom de la marque ne doit pas dépasser 120 caractères",
    });
    await expect(updateBrand(handle.db, randomUUID(), { name: "Inconnue" })).rejects.toMatchObject({ message: "Marque introuvable" });
    expect(await handle.db.select().from(brands)).toEqual(before);
  });

  it("lists every brand by name with the number of products that carry it (the Marques screen)", async () => {
    const empty = await createBrand(handle.db, { name: `Aube ${token}` });
    const rows = await listAdminBrands(handle.db);
    expect(rows.find((r) => r.id === empty.id)).toEqual({
      id: empty.id,
      name: `Aube ${token}`,
      slug: empty.slug,
      description: null,
      product_count: 0,
    });
    const counts = await handle.db.select({ brandId: products.brandId }).from(products);
    for (const row of rows) expect(row.product_count).toBe(counts.filter((p) => p.brandId === row.id).length);
    expect(rows.some((r) => r.product_count > 1)).toBe(true);
    // By name in the database's collation (accents sort as PostgreSQL sorts them), every brand once.
    const byName = await handle.db.select({ id: brands.id }).from(brands).orderBy(asc(brands.name), asc(brands.id));
    expect(rows.map((r) => r.id)).toEqual(byName.map((r) => r.id));
  });
});
