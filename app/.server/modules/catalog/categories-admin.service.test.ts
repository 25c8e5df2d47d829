import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { createTestDatabase } from "../../../../tests/support/db";
import type { DatabaseHandle } from "../../db/client";
import { categories, products } from "../../db/schema";
import { listCategories } from "./catalog.service";
import { slugify } from "~/domain/catalog/admin-categories.schema";
import {
  createCategory as createCategoryOrThrow,
  deleteCategory as deleteCategoryOrThrow,
  listAdminCategories,
  renameCategory as renameCategoryOrThrow,
} from "./categories-admin.service";
import { settled } from "../../../../tests/support/domain-result";

const createCategory = (...args: Parameters<typeof createCategoryOrThrow>) => settled(createCategoryOrThrow(...args));
const renameCategory = (...args: Parameters<typeof renameCategoryOrThrow>) => settled(renameCategoryOrThrow(...args));
const deleteCategory = (...args: Parameters<typeof deleteCategoryOrThrow>) => settled(deleteCategoryOrThrow(...args));

let handle: DatabaseHandle;

beforeAll(async () => {
  handle = await createTestDatabase();
});

afterAll(async () => {
  await handle?.close();
});

describe("slugify", () => {
  it("folds accents, lower-cases and hyphenates like the seeded slugs", () => {
    expect(slugify("Soins visage")).toBe("soins-visage");
    expect(slugify("  Crèmes & Sérums  d'été ")).toBe("cremes-serums-d-ete");
    expect(slugify("Œillets")).toBe("oeillets");
    expect(slugify("!!!")).toBe("");
  });
});

describe("listAdminCategories", () => {
  it("lists every category by name with its product count", async () => {
    const rows = await listAdminCategories(handle.db);
    const [parfums] = await handle.db.select({ id: categories.id }).from(categories).where(eq(categories.slug, "parfums"));
    const expected = await handle.db.$count(products, eq(products.categoryId, parfums.id));
    expect(expected).toBeGreaterThan(0);
    expect(rows.find((r) => r.slug === "parfums")?.product_count).toBe(expected);
    expect(rows.map((r) => r.name)).toEqual([...rows.map((r) => r.name)].sort((a, b) => a.localeCompare(b, "en")));
  });
});

describe("createCategory", () => {
  it("creates a category with a derived slug, visible to the storefront at once", async () => {
    await listCategories(handle.db);
    const result = await createCategory(handle.db, { name: "  Huiles essentielles " });
    expect(result).toMatchObject({ ok: true, category: { name: "Huiles essentielles", slug: "huiles-essentielles", product_count: 0 } });
    expect((await listCategories(handle.db)).some((c) => c.slug === "huiles-essentielles")).toBe(true);
  });

  it("refuses a blank name with the French message", async () => {
    expect(await createCategory(handle.db, { name: "   " })).toEqual({
      ok: false,
      status: 400,
      code: "invalid_category_name",
      message: "Le nom de la catégorie est requis",
    });
    expect(await createCategory(handle.db, { name: undefined })).toMatchObject({ ok: false, status: 400 });
    expect(await createCategory(handle.db, { name: "x".repeat(61) })).toMatchObject({ ok: false, status: 400 });
    expect(await createCategory(handle.db, { name: "???" })).toMatchObject({
      ok: false,
      message: "Le nom de la catégorie doit contenir au moins une lettre ou un chiffre",
    });
  });

  it("refuses a name already used, whatever its case or accents", async () => {
    expect(await createCategory(handle.db, { name: "PARFUMS" })).toEqual({
      ok: false,
      status: 409,
      code: "category_name_taken",
      message: "Une catégorie porte déjà ce nom",
    });
    await createCategory(handle.db, { name: "Bien-être" });
    expect(await createCategory(handle.db, { name: "bien-etre" })).toMatchObject({ ok: false, status: 409 });
  });

  it("keeps slugs unique when two different names give the same one", async () => {
    const first = await createCategory(handle.db, { name: "Soins visage & corps" });
    const second = await createCategory(handle.db, { name: "Soins visage corps" });
    const third = await createCategory(handle.db, { name: "Soins: visage, corps" });
    expect(first.ok && first.category.slug).toBe("soins-visage-corps");
    expect(second.ok && second.category.slug).toBe("soins-visage-corps-2");
    expect(third.ok && third.category.slug).toBe("soins-visage-corps-3");
  });
});

describe("renameCategory", () => {
  it("renames and keeps the slug (the public address)", async () => {
    const created = await createCategory(handle.db, { name: "Coffrets" });
    if (!created.ok) throw new Error("setup");
    const renamed = await renameCategory(handle.db, { id: created.category.id, name: "Coffrets cadeaux" });
    expect(renamed).toMatchObject({ ok: true, category: { name: "Coffrets cadeaux", slug: "coffrets" } });
    expect((await listCategories(handle.db)).find((c) => c.id === created.category.id)?.name).toBe("Coffrets cadeaux");
  });

  it("refuses a blank name, a name taken by another category, an unknown id", async () => {
    const created = await createCategory(handle.db, { name: "Bougies" });
    if (!created.ok) throw new Error("setup");
    expect(await renameCategory(handle.db, { id: created.category.id, name: "" })).toMatchObject({
      status: 400,
      code: "invalid_category_name",
      message: "Le nom de la catégorie est requis",
    });
    expect(await renameCategory(handle.db, { id: created.category.id, name: "Maquillage" })).toMatchObject({
      status: 409,
      code: "category_name_taken",
      message: "Une catégorie porte déjà ce nom",
    });
    expect(await renameCategory(handle.db, { id: created.category.id, name: "bougies" })).toMatchObject({ ok: true });
    expect(await renameCategory(handle.db, { id: crypto.randomUUID(), name: "Autre" })).toMatchObject({ status: 404 });
    expect(await renameCategory(handle.db, { id: "not-a-uuid", name: "Autre" })).toMatchObject({
      status: 404,
      message: "Catégorie introuvable",
    });
  });
});

describe("deleteCategory", () => {
  it("refuses while products use the category, and deletes nothing", async () => {
    const [maquillage] = await handle.db.select().from(categories).where(eq(categories.slug, "maquillage"));
    expect(await deleteCategory(handle.db, maquillage.id)).toEqual({
      ok: false,
      status: 409,
      code: "category_has_products",
      message: "Impossible de supprimer une catégorie qui contient des produits",
    });
    expect(await handle.db.$count(categories, eq(categories.id, maquillage.id))).toBe(1);
  });

  it("deletes an empty category and the storefront stops listing it", async () => {
    const created = await createCategory(handle.db, { name: "Éphémère" });
    if (!created.ok) throw new Error("setup");
    await listCategories(handle.db);
    expect(await deleteCategory(handle.db, created.category.id)).toEqual({ ok: true });
    expect((await listCategories(handle.db)).some((c) => c.id === created.category.id)).toBe(false);
    expect(await deleteCategory(handle.db, created.category.id)).toMatchObject({ status: 404 });
    expect(await deleteCategory(handle.db, "x")).toMatchObject({ status: 404 });
  });

  it("refuses once a product is filed under a new category", async () => {
    const created = await createCategory(handle.db, { name: "Nouveautés" });
    if (!created.ok) throw new Error("setup");
    await handle.db.insert(products).values({ name: "Brume", priceCents: 1200, categoryId: created.category.id });
    expect(await deleteCategory(handle.db, created.category.id)).toMatchObject({
      ok: false,
      message: "Impossible de supprimer une catégorie qui contient des produits",
    });
    expect((await listAdminCategories(handle.db)).find((c) => c.id === created.category.id)?.product_count).toBe(1);
  });
});
