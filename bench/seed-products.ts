/**
 * Bench data: adds many generated products to a database, on top of the demo catalogue, with
 * about 2.5 variants per product (100,000 products: about 250,000 variants).
 *
 *   tsx bench/seed-products.ts --count 10000 --data-dir ./.tmp/bench-db
 *   tsx bench/seed-products.ts --count 100000 --database-url postgres://user:pass@localhost/aurore
 *
 * Generation is deterministic (fixed seed); SKUs continue after the last bulk product, so a
 * second run adds more rows instead of colliding. Relative imports only: tsx does not know "~".
 */
import path from "node:path";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { count, like, max } from "drizzle-orm";
import { maintainDatabase, migrateDatabase, openDatabase, type Database } from "../app/.server/db/client";
import { products, productVariants } from "../app/.server/db/schema";
import {
  ensureDemoCategories,
  insertSeedProducts,
  recordSeededProductHistory,
  seedDemoDataIfEmpty,
  type SeedProductRow,
  type SeedVariant,
} from "../app/.server/db/seed/demo";
import { careDetails } from "../app/.server/db/seed/demo-care";
import {
  artImages,
  DEMO_BRANDS,
  DEMO_CATEGORIES,
  DEMO_PRODUCTS_BY_CATEGORY,
  netContent,
  type CategorySlug,
  type DemoProductSeed,
} from "../app/.server/db/seed/demo-data";
import type { ArtShape } from "../app/.server/media/product-art";

export const BULK_SKU_PREFIX = "AUR-BLK-";
const SEED = 0x5eed_a0e0;
const DAY_MS = 86_400_000;
const EXTRA_TAGS = ["vegan", "bio", "hydratant", "longue tenue", "peau sensible", "floral", "boisé", "nouveauté", "made in France"];
/** Colour pairs (primary, background) to vary the artwork beyond the demo templates. */
const PALETTE: [string, string][] = [
  ["e8a0b4", "f8ecee"],
  ["c9a227", "f7f1e1"],
  ["6b2d5c", "f4ecf2"],
  ["7a8450", "f1f3e8"],
  ["8fb3d6", "f2f6fa"],
  ["b3223a", "fbecee"],
  ["d9a066", "fbf1e6"],
  ["8e7cc3", "f1eef9"],
  ["2b2b2b", "f3eef0"],
  ["7fb08a", "eef6ef"],
];

function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A price ending in ,90 €. */
const endInNinety = (cents: number) => Math.round(cents / 100) * 100 - 10;
/** A selling price within the shop's range, 8,90 € to 129 €. */
const roundPrice = (cents: number) => Math.min(12_900, Math.max(890, endInNinety(cents)));

/** The crossed-out price for a reduction close to `rate`, kept between 10 % and 40 % after rounding. */
function originalPriceFor(priceCents: number, rate: number): number {
  let original = endInNinety(priceCents / (1 - rate));
  while (1 - priceCents / original < 0.1) original += 100;
  while (1 - priceCents / original > 0.4) original -= 100;
  return original;
}

type Rand = () => number;
const pick = <T>(rand: Rand, list: readonly T[]): T => list[Math.floor(rand() * list.length)];
const between = (rand: Rand, min: number, max: number) => min + Math.floor(rand() * (max - min + 1));

function stockLevel(rand: Rand): number {
  const r = rand();
  if (r < 0.05) return 0;
  if (r < 0.17) return between(rand, 1, 9);
  if (r < 0.22) return 10;
  return between(rand, 11, 150);
}

/** Colours for make-up sold in shades when the template has none of its own. */
const MAKEUP_SHADES: [string, string][] = [
  ["Porcelaine", "#f3dcc8"],
  ["Ivoire", "#ebcdb3"],
  ["Beige rosé", "#e6c3a8"],
  ["Sable", "#d5aa84"],
  ["Miel", "#bb8a62"],
  ["Caramel", "#b07c55"],
  ["Noisette", "#966442"],
  ["Moka", "#7b4e33"],
  ["Ébène", "#43271a"],
  ["Rose pétale", "#d98c9c"],
  ["Corail", "#e07a5f"],
  ["Prune", "#6b2d45"],
];
const PERFUME_SIZES = [30, 50, 100];
/** Price of a bigger or smaller size: less than proportional, as in shops. */
const priceForVolume = (priceCents: number, ratio: number) => Math.min(19_900, Math.max(890, endInNinety(priceCents * ratio ** 0.55)));

/**
 * The options of a generated product, about 2.5 per product on average: perfumes in two or
 * three sizes, creams and other sized products often in a double size, make-up in 3 to 12
 * shades (the template's own, or a generic palette), accessories in one format.
 */
function generateVariants(
  rand: Rand,
  category: CategorySlug,
  template: DemoProductSeed,
  sku: string,
  priceCents: number,
  rate: number | null,
): SeedVariant[] {
  const onSale = (cents: number) => (rate === null ? null : originalPriceFor(cents, rate));
  const baseSize = template.variants?.find((v) => v.size)?.size ?? template.attributes.size;
  const base = netContent(baseSize);
  let options: { size?: string; shade?: string; shadeHex?: string; priceCents: number }[];
  if (category === "maquillage") {
    const own = (template.variants ?? [])
      .filter((v) => v.shade && v.shadeHex)
      .map((v): [string, string] => [v.shade as string, v.shadeHex as string]);
    const palette = own.length >= 2 ? own : MAKEUP_SHADES;
    const n = between(rand, Math.min(3, palette.length), Math.min(12, palette.length));
    const first = between(rand, 0, palette.length - n);
    options = palette.slice(first, first + n).map(([shade, shadeHex]) => ({ shade, shadeHex, priceCents }));
  } else if (category === "parfums" && base?.unit === "ml" && !/×/.test(baseSize ?? "")) {
    const n = between(rand, 2, 3);
    const first = between(rand, 0, PERFUME_SIZES.length - n);
    options = PERFUME_SIZES.slice(first, first + n).map((ml) => ({ size: `${ml} ml`, priceCents: priceForVolume(priceCents, ml / 50) }));
  } else if (base && category !== "accessoires" && rand() < 0.7) {
    options = [
      { size: baseSize, priceCents },
      { size: `${base.amount * 2} ${base.unit}`, priceCents: priceForVolume(priceCents, 2) },
    ];
  } else {
    options = [{ size: baseSize, priceCents }];
  }
  return options.map((o, i) => {
    const content = netContent(o.size ?? baseSize);
    return {
      sku: options.length === 1 ? sku : `${sku}-${String(i + 1).padStart(2, "0")}`,
      label: o.shade ?? o.size ?? "Format unique",
      size: o.size ?? null,
      shade: o.shade ?? null,
      shadeHex: o.shadeHex ?? null,
      contentAmount: content?.amount ?? null,
      contentUnit: content?.unit ?? null,
      priceCents: o.priceCents,
      originalPriceCents: onSale(o.priceCents),
      stock: stockLevel(rand),
    };
  });
}

function generateProduct(rand: Rand, seq: number, categoryIds: string[], templates: DemoProductSeed[][], now: number): SeedProductRow {
  const c = Math.floor(rand() * templates.length);
  const template = pick(rand, templates[c]);
  const templatePrice = template.priceCents ?? Math.min(...template.variants.map((v) => v.priceCents));
  const priceCents = roundPrice(templatePrice * (0.8 + rand() * 0.45));
  const onSale = rand() < 1 / 3;
  const rate = onSale ? 0.1 + rand() * 0.3 : null;
  const sku = `${BULK_SKU_PREFIX}${String(seq).padStart(7, "0")}`;
  const variants = generateVariants(rand, DEMO_CATEGORIES[c].slug, template, sku, priceCents, rate);
  const cheapest = variants.reduce((a, b) => (b.priceCents < a.priceCents ? b : a));
  const [primary, secondary] = rand() < 0.6 ? [template.art[1], template.art[2]] : pick(rand, PALETTE);
  const art: [ArtShape, string, string] = [template.art[0], primary, secondary];
  const tags = rand() < 0.5 ? template.tags : [...new Set([...template.tags, pick(rand, EXTRA_TAGS)])];
  // On-sale products are older than their full-price history (60 days), like the demo ones.
  const ageDays = onSale ? 61 + rand() * 300 : rand() * 365;
  const createdAt = new Date(now - Math.round(ageDays * DAY_MS));
  return {
    name: `${template.name} n°${seq}`,
    description: template.description,
    // The cheapest variant's, as the roll-up trigger would write it: it then has nothing to change.
    priceCents: cheapest.priceCents,
    originalPriceCents: cheapest.originalPriceCents,
    categoryId: categoryIds[c],
    brand: rand() < 0.7 ? template.brand : pick(rand, DEMO_BRANDS),
    sku,
    ...artImages(art),
    rating: Math.round((3.6 + rand() * 1.3) * 10) / 10,
    reviewCount: between(rand, 3, 600),
    variants,
    featured: rand() < 0.02,
    tags,
    attributes: template.attributes,
    ...careDetails(template),
    createdAt,
    updatedAt: createdAt,
  };
}

export async function seedBulkProducts(
  db: Database,
  count: number,
  opts: { batchSize?: number; onProgress?: (done: number) => void } = {},
): Promise<void> {
  const batchSize = Math.max(1, Math.min(opts.batchSize ?? 1000, 3000));
  const ids = await ensureDemoCategories(db);
  const categoryIds = DEMO_CATEGORIES.map((c) => ids.get(c.slug) as string);
  const templates = DEMO_CATEGORIES.map((c) => [...DEMO_PRODUCTS_BY_CATEGORY[c.slug]]);
  const [{ last }] = await db
    .select({ last: max(products.sku) })
    .from(products)
    .where(like(products.sku, `${BULK_SKU_PREFIX}%`));
  const start = last ? Number(last.slice(BULK_SKU_PREFIX.length)) + 1 : 1;
  const rand = mulberry32(SEED ^ start);
  const now = Date.now();
  let done = 0;
  while (done < count) {
    const size = Math.min(batchSize, count - done);
    const rows = Array.from({ length: size }, (_, i) => generateProduct(rand, start + done + i, categoryIds, templates, now));
    await db.transaction(async (tx) => {
      const seeded = await insertSeedProducts(tx, rows);
      await recordSeededProductHistory(tx, seeded, new Date(now));
    });
    done += size;
    opts.onProgress?.(done);
  }
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      count: { type: "string", default: "10000" },
      "data-dir": { type: "string" },
      "database-url": { type: "string" },
      "batch-size": { type: "string" },
      help: { type: "boolean", short: "h" },
    },
  });
  if (values.help) {
    console.log(
      "Usage: tsx bench/seed-products.ts [--count N] [--batch-size N] (--data-dir DIR | --database-url postgres://...)\n" +
        "--data-dir is a shop DATA_DIR (the database goes in its pglite/ folder, as for npm start).\n" +
        "Without a target, ./.tmp/bench-db is used.",
    );
    return;
  }
  const total = Number(values.count);
  const batchSize = values["batch-size"] ? Number(values["batch-size"]) : undefined;
  if (!Number.isInteger(total) || total < 0) throw new Error(`--count must be a whole number, got ${values.count}`);
  if (batchSize !== undefined && (!Number.isInteger(batchSize) || batchSize < 1)) {
    throw new Error(`--batch-size must be a positive whole number, got ${values["batch-size"]}`);
  }
  const url = values["database-url"];
  const handle = url
    ? await openDatabase({ kind: "postgres", url })
    : await openDatabase({ kind: "pglite", dataDir: path.join(path.resolve(values["data-dir"] ?? "./.tmp/bench-db"), "pglite") });
  try {
    console.log(`Database: ${handle.label}`);
    await migrateDatabase(handle);
    if (await seedDemoDataIfEmpty(handle.db)) console.log("Demo catalogue seeded.");
    const started = performance.now();
    const step = Math.max(10_000, batchSize ?? 1000);
    let nextReport = step;
    await seedBulkProducts(handle.db, total, {
      batchSize,
      onProgress: (done) => {
        if (done >= nextReport && done < total) {
          console.log(`  ${done} / ${total}`);
          nextReport += step;
        }
      },
    });
    await maintainDatabase(handle);
    const seconds = (performance.now() - started) / 1000;
    const [{ variants }] = await handle.db.select({ variants: count() }).from(productVariants);
    console.log(`Seeded ${total} products in ${seconds.toFixed(1)} s (the shop now has ${variants} variants)`);
  } finally {
    await handle.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((err) => {
    console.error(err instanceof Error ? err.message : err);
    process.exitCode = 1;
  });
}
