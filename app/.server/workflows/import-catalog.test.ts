import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { asc, count, eq, inArray, sql } from "drizzle-orm";
import sharp from "sharp";
import { zipSync } from "fflate";
import { createTestDatabase } from "../../../tests/support/db";
import { createShopper } from "../../../tests/support/shoppers";
import { rowsOf, type DatabaseHandle } from "../db/client";
import { adminActivityLog, brands, categories, products, productVariants, stockMovements } from "../db/schema";
import { insertSeedProducts } from "../db/seed/demo";
import { streamStockCsv } from "../modules/catalog/products-admin.service";
import { LocalMediaStorage, setMediaStorage } from "../media/media-storage";
import { importCatalog, IMPORT_STOCK_NOTE, previewCatalogImport } from "./import-catalog";
import { CATALOG_CSV_HEADER } from "~/domain/catalog/catalog-csv";
import { DEFAULT_ADMIN_PRODUCT_QUERY } from "~/domain/catalog/admin-products.schema";
import { settleDomainEvents } from "~/.server/workflows/event-subscribers";

let handle: DatabaseHandle;
let admin: { id: string; email: string };
let mediaRoot: string;
const token = `imp${randomUUID().slice(0, 6)}`;
const category = `Soins ${token}`;
const brand = `Maison ${token}`;
const HEADER = CATALOG_CSV_HEADER.join(";");
const utf8 = (text: string) => new TextEncoder().encode(text);
const actor = () => ({ actorUserId: admin.id, actor: { id: admin.id, label: admin.email } });

/** A CSV line in the export's column order. */
function line(cells: {
  ref?: string;
  name: string;
  brand?: string;
  category?: string;
  label?: string;
  sku: string;
  price?: string;
  original?: string;
  stock?: number | string;
  images?: string;
  weight?: string;
  taxClass?: string;
  hsCode?: string;
  origin?: string;
}): string {
  const c = {
    brand: "",
    category: "",
    label: "Format unique",
    price: "10,00",
    original: "",
    stock: 1,
    images: "",
    ref: "",
    weight: "",
    taxClass: "",
    hsCode: "",
    origin: "",
    ...cells,
  };
  return [
    c.ref,
    c.name,
    c.brand,
    c.category,
    c.label,
    c.sku,
    c.price,
    c.original,
    c.stock,
    c.images,
    c.weight,
    c.taxClass,
    c.hsCode,
    c.origin,
    "",
  ].join(";");
}

const csv = (...lines: string[]) => utf8([HEADER, ...lines].join("\r\n") + "\r\n");

async function catalogueSnapshot() {
  const [productRows, variantRows, movements] = await Promise.all([
    handle.db.select().from(products).orderBy(asc(products.id)),
    handle.db.select().from(productVariants).orderBy(asc(productVariants.id)),
    handle.db.select({ n: count() }).from(stockMovements),
  ]);
  return { productRows, variantRows, movements: movements[0].n };
}

async function exportAll(): Promise<string> {
  let text = "";
  for await (const chunk of streamStockCsv(handle.db, DEFAULT_ADMIN_PRODUCT_QUERY)) text += chunk;
  return text;
}

beforeAll(async () => {
  handle = await createTestDatabase();
  admin = await createShopper(handle.db, { name: "Admin" });
  await handle.db.insert(categories).values({ name: category, slug: `soins-${token}` });
  await handle.db.insert(brands).values({ name: brand, slug: `maison-${token}` });
  await handle.db.transaction((tx) =>
    insertSeedProducts(tx, [
      {
        name: `Existant ${token}`,
        priceCents: 2000,
        brand,
        categoryId: null,
        variants: [
          { sku: `EX-${token}-1`, label: "30 ml", priceCents: 2000, stock: 0 },
          { sku: `EX-${token}-2`, label: "50 ml", priceCents: 3000, stock: 8 },
        ],
      },
    ]),
  );
  mediaRoot = mkdtempSync(join(tmpdir(), "aurore-import-"));
  setMediaStorage(new LocalMediaStorage(mediaRoot));
});

afterAll(async () => {
  setMediaStorage(undefined);
  rmSync(mediaRoot, { recursive: true, force: true });
  await handle?.close();
});

describe("previewCatalogImport", () => {
  it("counts 10,000 lines exactly, refusals with their reasons, and writes nothing", async () => {
    const lines: string[] = [];
    for (let i = 1; i <= 10_000; i++) {
      lines.push(
        line({
          ref: `P${Math.ceil(i / 2)}-${token}`,
          name: `Produit ${token} ${Math.ceil(i / 2)}`,
          brand,
          category,
          label: i % 2 ? "30 ml" : "50 ml",
          sku: `B-${token}-${i}`,
          // Both lines of a product carry the same product columns; some stocks are negative.
          stock: i % 100 === 0 ? -1 : i,
        }),
      );
    }
    // Line 4 of the file (i = 3): unknown category on a product's first line, its second line then differs too.
    lines[2] = lines[2].replace(category, "Inconnue");
    // The same SKU twice.
    lines[9_998] = lines[9_998].replace(`B-${token}-9999`, `B-${token}-9997`);
    const before = await catalogueSnapshot();
    const started = performance.now();
    const preview = await previewCatalogImport(handle.db, { csv: csv(...lines) });
    const elapsed = performance.now() - started;
    // 100 negative stocks, line 4 (unknown category), line 5 (differs from its product's first line), line 10000 (duplicate SKU).
    expect(preview.counts).toEqual({
      lines: 10_000,
      create: 9_897,
      update: 0,
      unchanged: 0,
      refused: 103,
      productsCreated: 4_899,
      productsUpdated: 0,
      images: 0,
    });
    expect(preview.lines[2]).toMatchObject({ line: 4, action: "refused", reasons: ["Catégorie inconnue : « Inconnue »"] });
    expect(preview.lines[3]).toMatchObject({
      line: 5,
      action: "refused",
      reasons: ["La colonne « Catégorie » diffère de la première ligne de ce produit (ligne 4)"],
    });
    expect(preview.lines[99]).toMatchObject({ line: 101, action: "refused", reasons: ["Stock négatif refusé"] });
    expect(preview.lines[9_998]).toMatchObject({
      line: 10_000,
      action: "refused",
      reasons: ["SKU en double dans le fichier (déjà en ligne 9998)"],
    });
    expect(preview.lines[9_999]).toMatchObject({ line: 10_001, action: "refused", reasons: ["Stock négatif refusé"] });
    expect(preview.lines[0]).toEqual({
      line: 2,
      product: `Produit ${token} 1`,
      variant: "30 ml",
      sku: `B-${token}-1`,
      action: "create",
      reasons: [],
    });
    expect(await catalogueSnapshot()).toEqual(before);
    console.log(`preview of 10,000 lines: ${Math.round(elapsed)} ms`);
  }, 120_000);
});

describe("importCatalog", () => {
  it("applies nothing when one line is refused, and says why", async () => {
    const before = await catalogueSnapshot();
    const result = await importCatalog(
      handle.db,
      {
        csv: csv(
          line({ ref: "N1", name: `Nouveau ${token}`, category, sku: `N-${token}-1` }),
          line({ ref: `EXISTING`, name: `Autre ${token}`, sku: `EX-${token}-1` }),
          line({ ref: "N3", name: `Trois ${token}`, brand: "Marque fantôme", sku: `N-${token}-3` }),
          line({ ref: "N4", name: `Quatre ${token}`, sku: `N-${token}-4`, images: "absente.jpg" }),
        ),
      },
      actor(),
    );
    expect(result.applied).toBe(false);
    expect(result.preview.counts).toMatchObject({ create: 1, refused: 3 });
    expect(result.preview.lines.map((l) => l.reasons)).toEqual([
      [],
      [`Ce SKU appartient déjà à un autre produit (« Existant ${token} »)`],
      ["Marque inconnue : « Marque fantôme »"],
      ["Image « absente.jpg » absente du ZIP"],
    ]);
    expect(await catalogueSnapshot()).toEqual(before);
  });

  it("creates products and variants, sets stock with movements, records one activity entry", async () => {
    const [existing] = await handle.db
      .select()
      .from(productVariants)
      .where(eq(productVariants.sku, `EX-${token}-1`));
    const result = await importCatalog(
      handle.db,
      {
        csv: csv(
          line({
            ref: "R1",
            name: `Rouge ${token}`,
            brand,
            category,
            label: "Rose",
            sku: `R-${token}-1`,
            price: "19,90",
            original: "24,90",
            stock: 5,
          }),
          line({ ref: "R1", name: `Rouge ${token}`, brand, category, label: "Corail", sku: `R-${token}-2`, price: "21", stock: 0 }),
          // An existing variant by its SKU alone (empty reference): stock 0 -> 7, price unchanged.
          line({
            name: `Existant ${token}`,
            brand,
            category: "Non classé",
            label: "30 ml",
            sku: `EX-${token}-1`,
            price: "20,00",
            stock: 7,
          }),
        ),
      },
      actor(),
    );
    expect(result.applied).toBe(true);
    expect(result.preview.counts).toMatchObject({ create: 2, update: 1, refused: 0, productsCreated: 1, productsUpdated: 1 });

    const [rouge] = await handle.db
      .select()
      .from(products)
      .where(eq(products.name, `Rouge ${token}`));
    // The import defers the per-variant trigger (migration 0034) and rolls the products up itself: cheapest price, summed stock.
    const trigger = await handle.db.execute<{ src: string }>(
      sql`SELECT prosrc AS src FROM pg_proc WHERE proname = 'product_variants_rollup'`,
    );
    expect(rowsOf<{ src: string }>(trigger)[0].src).toContain("aurore.defer_variant_rollup");
    expect(rouge).toMatchObject({ brand, priceCents: 1990, originalPriceCents: 2490, stockQuantity: 5, variantCount: 2, inStock: true });
    // An existing product's roll-ups are recomputed from its variants: 7 + 8.
    const [existingProduct] = await handle.db
      .select()
      .from(products)
      .where(eq(products.name, `Existant ${token}`));
    expect(existingProduct).toMatchObject({ stockQuantity: 15, variantCount: 2, priceCents: 2000, inStock: true });
    const variants = await handle.db
      .select({
        sku: productVariants.sku,
        label: productVariants.label,
        price: productVariants.priceCents,
        original: productVariants.originalPriceCents,
        stock: productVariants.stockQuantity,
        position: productVariants.position,
      })
      .from(productVariants)
      .where(eq(productVariants.productId, rouge.id))
      .orderBy(asc(productVariants.position));
    expect(variants).toEqual([
      { sku: `R-${token}-1`, label: "Rose", price: 1990, original: 2490, stock: 5, position: 0 },
      { sku: `R-${token}-2`, label: "Corail", price: 2100, original: null, stock: 0, position: 1 },
    ]);

    const movements = await handle.db
      .select({
        variantId: stockMovements.variantId,
        delta: stockMovements.delta,
        resulting: stockMovements.resultingStock,
        reason: stockMovements.reason,
        note: stockMovements.note,
        actor: stockMovements.actorUserId,
      })
      .from(stockMovements)
      .where(eq(stockMovements.note, IMPORT_STOCK_NOTE));
    const rose = await handle.db
      .select({ id: productVariants.id })
      .from(productVariants)
      .where(eq(productVariants.sku, `R-${token}-1`));
    expect(movements).toHaveLength(2);
    expect(movements).toEqual(
      expect.arrayContaining([
        { variantId: rose[0].id, delta: 5, resulting: 5, reason: "initial", note: IMPORT_STOCK_NOTE, actor: admin.id },
        { variantId: existing.id, delta: 7, resulting: 7, reason: "admin_set", note: IMPORT_STOCK_NOTE, actor: admin.id },
      ]),
    );
    await settleDomainEvents(handle.db);
    const entries = await handle.db.select().from(adminActivityLog).where(eq(adminActivityLog.action, "catalog.import"));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      actorLabel: admin.email,
      summary: "Import du catalogue : 3 lignes, 2 créées, 1 mise à jour, 0 inchangée, 0 refusée",
    });
  });

  it("round-trips: importing the export changes nothing", async () => {
    const exported = await exportAll();
    const before = await catalogueSnapshot();
    const result = await importCatalog(handle.db, { csv: utf8(exported) }, actor());
    const lines = exported.split("\r\n").length - 2;
    expect(result.preview.counts).toMatchObject({ lines, unchanged: lines, create: 0, update: 0, refused: 0 });
    expect(await catalogueSnapshot()).toEqual(before);
  });

  it("round-trips the weight, tax class, customs code and origin, and refuses bad cells with their reasons", async () => {
    const sku = `CN23-${token}`;
    const created = await importCatalog(
      handle.db,
      { csv: csv(line({ name: `Parfum douane ${token}`, sku, weight: "350", taxClass: "reduced", hsCode: "3303 00", origin: "it" })) },
      actor(),
    );
    expect(created.applied).toBe(true);
    const columns = async () =>
      (
        await handle.db
          .select({
            id: products.id,
            weightGrams: products.weightGrams,
            taxClass: products.taxClass,
            hsCode: products.hsCode,
            originCountry: products.originCountry,
          })
          .from(products)
          .innerJoin(productVariants, eq(productVariants.productId, products.id))
          .where(eq(productVariants.sku, sku))
      )[0];
    const row = await columns();
    expect(row).toMatchObject({ weightGrams: 350, taxClass: "reduced", hsCode: "330300", originCountry: "IT" });

    // The export writes the columns back, and importing it unchanged changes nothing.
    const exported = (await exportAll()).split("\r\n").find((l) => l.includes(sku))!;
    expect(exported.split(";").slice(10, 14)).toEqual(["350", "reduced", "330300", "IT"]);
    const again = await importCatalog(handle.db, { csv: csv(exported) }, actor());
    expect(again.preview.counts).toMatchObject({ lines: 1, unchanged: 1, update: 0 });

    // Edited cells update the product; a file without those columns leaves them as they are.
    const edited = line({
      ref: row.id,
      name: `Parfum douane ${token}`,
      sku,
      weight: "400",
      taxClass: "standard",
      hsCode: "330499",
      origin: "FR",
    });
    expect((await importCatalog(handle.db, { csv: csv(edited) }, actor())).preview.counts).toMatchObject({ update: 1 });
    expect(await columns()).toMatchObject({ weightGrams: 400, taxClass: "standard", hsCode: "330499", originCountry: "FR" });
    const narrow = utf8(
      `Réf. produit;Produit;Variante;SKU;Prix;Stock\r\n${row.id};Parfum douane ${token};Format unique;${sku};10,00;1\r\n`,
    );
    expect((await importCatalog(handle.db, { csv: narrow }, actor())).applied).toBe(true);
    expect(await columns()).toMatchObject({ weightGrams: 400, taxClass: "standard", hsCode: "330499", originCountry: "FR" });
    // An empty cell in a present column clears it.
    await importCatalog(handle.db, { csv: csv(line({ ref: row.id, name: `Parfum douane ${token}`, sku })) }, actor());
    expect(await columns()).toMatchObject({ weightGrams: null, taxClass: "standard", hsCode: null, originCountry: null });

    const before = await catalogueSnapshot();
    const refused = await importCatalog(
      handle.db,
      { csv: csv(line({ ref: row.id, name: `Parfum douane ${token}`, sku, weight: "0", taxClass: "luxe", hsCode: "3303", origin: "XX" })) },
      actor(),
    );
    expect(refused.applied).toBe(false);
    expect(refused.preview.lines[0].reasons).toEqual([
      "Poids invalide : un nombre entier de grammes, de 1 à 30 000, ou vide",
      "Catégorie fiscale inconnue : standard ou reduced",
      "Code douanier invalide : 6 à 10 chiffres",
      "Pays d'origine inconnu : « XX » (un code ISO à deux lettres, comme FR)",
    ]);
    expect(await catalogueSnapshot()).toEqual(before);
  });

  it("stores images named by the CSV from the ZIP through the image pipeline", async () => {
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: "#c8a27c" } })
      .png()
      .toBuffer();
    const zip = zipSync({ "photos/flacon.png": new Uint8Array(png), "etui.png": new Uint8Array(png) });
    const calls: [number, number, string | undefined][] = [];
    const result = await importCatalog(
      handle.db,
      {
        csv: csv(
          line({ ref: "IMG", name: `Flacon ${token}`, category, sku: `IMG-${token}`, images: "flacon.png" }),
          line({ ref: "IMG2", name: `Étui ${token}`, category, sku: `IMG2-${token}`, images: "etui.png" }),
        ),
        zip,
      },
      actor(),
      (done, total, phase) => calls.push([done, total, phase]),
    );
    expect(result).toMatchObject({ applied: true, preview: { counts: { create: 2, images: 2 } } });
    // The images are stored first, each reported, then the lines are written.
    expect(calls.slice(0, 3)).toEqual([
      [0, 2, "images"],
      [1, 2, "images"],
      [2, 2, "images"],
    ]);
    expect(calls.slice(3).every(([, total, phase]) => total === 2 && phase === undefined)).toBe(true);
    expect(calls.at(-1)).toEqual([2, 2, undefined]);
    const [row] = await handle.db
      .select({ imageUrl: products.imageUrl })
      .from(products)
      .where(eq(products.name, `Flacon ${token}`));
    expect(row.imageUrl).toMatch(/^\/media\/uploads\/products\/\d{13}-[a-z0-9]{16}\.webp$/);
  });

  it("reports its progress line by line up to the file's total, inside the transaction", async () => {
    const calls: [number, number][] = [];
    const lines = Array.from({ length: 1200 }, (_, i) =>
      line({ ref: `PG${Math.floor(i / 3)}`, name: `Progression ${token} ${Math.floor(i / 3)}`, label: `V${i}`, sku: `PG-${token}-${i}` }),
    );
    // Existing variants count as they are written, new ones as their insert chunks are.
    lines.push(line({ name: `Existant ${token}`, brand, label: "30 ml", sku: `EX-${token}-1`, price: "20,00", stock: 5 }));
    const result = await importCatalog(handle.db, { csv: csv(...lines) }, actor(), (done, total) => calls.push([done, total]));
    expect(result.applied).toBe(true);
    expect(calls[0]).toEqual([0, 1201]);
    expect(calls.at(-1)).toEqual([1201, 1201]);
    expect(calls.every(([, total]) => total === 1201)).toBe(true);
    expect(calls.every(([done], i) => i === 0 || done >= calls[i - 1][0])).toBe(true);
    // More than a start and an end: the bar moves while the chunks are written.
    expect(new Set(calls.map(([done]) => done)).size).toBeGreaterThan(2);
  });

  it("deletes the files of replaced images after the commit, and keeps them when the import rolls back", async () => {
    const storage = new LocalMediaStorage(mediaRoot);
    const pngOf = async (background: string) =>
      new Uint8Array(
        await sharp({ create: { width: 32, height: 32, channels: 3, background } })
          .png()
          .toBuffer(),
      );
    const keyOf = (url: string | null) => (url ?? "").replace("/media/uploads/", "");
    const imageOf = async (name: string) =>
      (await handle.db.select({ id: products.id, imageUrl: products.imageUrl }).from(products).where(eq(products.name, name)))[0];
    const name = `Remplacée ${token}`;
    await importCatalog(
      handle.db,
      {
        csv: csv(line({ ref: "RPL", name, sku: `RPL-${token}`, images: "avant.png" })),
        zip: zipSync({ "avant.png": await pngOf("#aa3344") }),
      },
      actor(),
    );
    const first = await imageOf(name);
    expect(await storage.get(keyOf(first.imageUrl))).not.toBeNull();

    // A failure inside the transaction (here from the progress listener) rolls everything back:
    // the product keeps its image, whose file stays, and the newly stored file is deleted again.
    const failing = importCatalog(
      handle.db,
      {
        csv: csv(line({ ref: first.id, name, sku: `RPL-${token}`, images: "refus.png" })),
        zip: zipSync({ "refus.png": await pngOf("#113355") }),
      },
      actor(),
      (done) => {
        if (done > 0) throw new Error("connexion perdue");
      },
    );
    await expect(failing).rejects.toThrow("connexion perdue");
    expect((await imageOf(name)).imageUrl).toBe(first.imageUrl);
    expect(await storage.get(keyOf(first.imageUrl))).not.toBeNull();
    const stored = readdirSync(join(mediaRoot, "products")).map((file) => `/media/uploads/products/${file}`);
    const referenced = await handle.db.select({ imageUrl: products.imageUrl }).from(products);
    const inUse = new Set(referenced.map((r) => r.imageUrl));
    expect(stored.filter((url) => !inUse.has(url))).toEqual([]);

    const applied = await importCatalog(
      handle.db,
      {
        csv: csv(line({ ref: first.id, name, sku: `RPL-${token}`, images: "apres.png" })),
        zip: zipSync({ "apres.png": await pngOf("#55aa77") }),
      },
      actor(),
    );
    expect(applied.applied).toBe(true);
    const second = await imageOf(name);
    expect(second.imageUrl).not.toBe(first.imageUrl);
    expect(await storage.get(keyOf(second.imageUrl))).not.toBeNull();
    expect(await storage.get(keyOf(first.imageUrl))).toBeNull();
  });

  it("refuses a file over 20 MB, a broken encoding and a broken ZIP with French messages", async () => {
    await expect(importCatalog(handle.db, { csv: new Uint8Array(20 * 1024 * 1024 + 1) }, actor())).rejects.toMatchObject({
      code: "csv_too_large",
      message: "Le fichier CSV est trop volumineux : 20 Mo au maximum.",
    });
    await expect(previewCatalogImport(handle.db, { csv: new Uint8Array([0xff, 0xfe, 0x41, 0x00]) })).rejects.toMatchObject({
      message: "Encodage du fichier illisible : enregistrez-le en UTF-8 ou en Windows-1252 (CSV).",
    });
    await expect(
      previewCatalogImport(handle.db, { csv: csv(line({ name: "A", sku: "Z" })), zip: utf8("pas un zip") }),
    ).rejects.toMatchObject({ message: "Le fichier ZIP d'images est illisible." });
  });

  it("reads a Windows-1252 file with ',' separators", async () => {
    const text = `Réf. produit,Produit,Catégorie,Variante,SKU,Prix,Stock\r\nW1,Crème légère ${token},${category},Unique,W-${token},"12,50",2\r\n`;
    const bytes = Uint8Array.from([...text].map((c) => c.charCodeAt(0)));
    const result = await importCatalog(handle.db, { csv: bytes }, actor());
    expect(result.applied).toBe(true);
    const rows = await handle.db
      .select({ name: products.name })
      .from(products)
      .where(inArray(products.name, [`Crème légère ${token}`]));
    expect(rows).toHaveLength(1);
  });
});
