/**
 * The demo catalogue's reviews (docs/decisions/037-reviews.md): generated, deterministic per
 * product, with fictional first names and varied ratings (low ones too), so every count and
 * average the demo shows is that of reviews that exist. They are not attached to any order, so
 * they carry no 'Avis vérifié' badge.
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Database, Executor } from "../client";
import { products, reviews } from "../schema";

const FIRST_NAMES = [
  "Camille",
  "Léa",
  "Manon",
  "Chloé",
  "Inès",
  "Sarah",
  "Julie",
  "Emma",
  "Clara",
  "Lucie",
  "Anaïs",
  "Pauline",
  "Mathilde",
  "Margaux",
  "Élodie",
  "Nadia",
  "Sofia",
  "Yasmine",
  "Hélène",
  "Claire",
  "Thomas",
  "Hugo",
  "Karim",
  "Julien",
];
const INITIALS = "ABCDEFGHJLMNPRSTV";
const SKIN = ["normale", "seche", "grasse", "mixte", "sensible", null] as const;
const AGES = ["18-24", "25-34", "35-44", "45-54", "55-64", "65+", null] as const;

const TEXTS: Record<1 | 2 | 3 | 4 | 5, [string, string][]> = {
  5: [
    ["Un coup de cœur", "Je l'utilise tous les jours depuis un mois : la texture est agréable et le résultat visible. Je rachèterai."],
    ["Parfait", "Exactement ce que j'attendais, le parfum est délicat et la tenue excellente."],
    ["Je recommande", "Très bon produit, efficace sans irriter. Le format est pratique pour le voyage."],
  ],
  4: [
    ["Très bien", "Bon produit dans l'ensemble, seul le prix m'a fait hésiter. L'effet est au rendez-vous."],
    ["Agréable au quotidien", "S'applique facilement et pénètre vite. J'aurais aimé un flacon un peu plus grand."],
  ],
  3: [
    ["Correct sans plus", "Pas désagréable mais je n'ai pas vu de grande différence après trois semaines."],
    ["Mitigée", "La texture me plaît, l'odeur un peu moins. À essayer avant d'acheter en grand format."],
  ],
  2: [["Déçue", "Le résultat ne correspond pas à la description, et la tenue est courte sur ma peau."]],
  1: [["Pas pour moi", "Réaction dès la première application (rougeurs), j'ai arrêté. Peut-être trop parfumé pour les peaux sensibles."]],
};

/** A small deterministic generator (mulberry32) seeded by the product's SKU. */
function generator(seed: string): () => number {
  let h = 2166136261;
  for (const ch of seed) h = Math.imul(h ^ ch.charCodeAt(0), 16777619);
  return () => {
    h = (h + 0x6d2b79f5) | 0;
    let t = Math.imul(h ^ (h >>> 15), 1 | h);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A rating near the product's target: mostly the target's neighbours, sometimes a low one. */
function ratingNear(target: number, random: () => number): 1 | 2 | 3 | 4 | 5 {
  const roll = random();
  if (roll < 0.08) return 1;
  if (roll < 0.14) return 2;
  const r = Math.round(target + (random() - 0.5) * 1.6);
  return Math.min(5, Math.max(3, r)) as 3 | 4 | 5;
}

export type DemoReviewProduct = { id: string; sku: string; createdAt: Date; targetRating: number };

export function buildDemoReviews(product: DemoReviewProduct, now: Date): (typeof reviews.$inferInsert)[] {
  const random = generator(product.sku);
  // Some products have none: the shop shows 'Aucun avis' for them.
  const howMany = random() < 0.12 ? 0 : 2 + Math.floor(random() * 11);
  const out: (typeof reviews.$inferInsert)[] = [];
  const span = Math.max(1, now.getTime() - product.createdAt.getTime());
  for (let i = 0; i < howMany; i++) {
    const rating = ratingNear(product.targetRating, random);
    const [title, body] = TEXTS[rating][Math.floor(random() * TEXTS[rating].length)];
    const first = FIRST_NAMES[Math.floor(random() * FIRST_NAMES.length)];
    const initial = INITIALS[Math.floor(random() * INITIALS.length)];
    const at = new Date(product.createdAt.getTime() + Math.floor(random() * span));
    out.push({
      productId: product.id,
      authorName: `${first} ${initial}.`,
      rating,
      title,
      body,
      skinType: SKIN[Math.floor(random() * SKIN.length)],
      ageRange: AGES[Math.floor(random() * AGES.length)],
      status: "published",
      helpfulCount: Math.floor(random() * 12),
      createdAt: at,
      updatedAt: at,
      publishedAt: at,
      moderatedAt: at,
    });
  }
  return out;
}

/** Inserts the demo reviews of these products and sets each product's rating from them. */
export async function seedDemoReviews(tx: Executor, items: DemoReviewProduct[], now = new Date()): Promise<number> {
  const rows = items.flatMap((p) => buildDemoReviews(p, now));
  for (let start = 0; start < rows.length; start += 1000) {
    await tx.insert(reviews).values(rows.slice(start, start + 1000));
  }
  await recomputeRatings(
    tx,
    items.map((p) => p.id),
  );
  return rows.length;
}

/** Products' rating and count from their published reviews (one statement). */
async function recomputeRatings(tx: Executor, productIds: string[]): Promise<void> {
  if (productIds.length === 0) return;
  await tx.execute(sql`
    UPDATE ${products} p SET rating = coalesce(agg.avg, 0), review_count = coalesce(agg.n, 0)
    FROM (SELECT id FROM ${products} WHERE ${inArray(products.id, productIds)}) target
    LEFT JOIN (
      SELECT product_id, round(avg(rating)::numeric, 1) AS avg, count(*)::int AS n
      FROM ${reviews} WHERE status = 'published' GROUP BY product_id
    ) agg ON agg.product_id = target.id
    WHERE p.id = target.id`);
}

/** The demo catalogue's products (by SKU) and the rating each one's generated reviews aim at. */
export type DemoRatingTarget = { sku: string; rating: number };

/**
 * Generates the reviews of the demo products present in the shop (only those without any
 * published review when `onlyUnreviewed`), in the caller's transaction. Returns how many.
 */
export async function seedDemoProductReviews(
  tx: Executor,
  demo: readonly DemoRatingTarget[],
  options: { onlyUnreviewed?: boolean; now?: Date } = {},
): Promise<number> {
  const target = new Map(demo.map((d) => [d.sku, d.rating]));
  const rows = await tx
    .select({ id: products.id, sku: products.sku, createdAt: products.createdAt })
    .from(products)
    .where(and(inArray(products.sku, [...target.keys()]), options.onlyUnreviewed ? eq(products.reviewCount, 0) : undefined));
  if (rows.length === 0) return 0;
  return seedDemoReviews(
    tx,
    rows.map((r) => ({ id: r.id, sku: r.sku ?? r.id, createdAt: r.createdAt, targetRating: target.get(r.sku ?? "") ?? 4 })),
    options.now,
  );
}

/**
 * A shop upgraded from typed ratings (migration 0022 set them to zero): when it still holds the
 * demo catalogue and no review at all, the demo's reviews are generated for its demo products.
 * A shop with real reviews, or without the demo products, is left as it is.
 */
export async function seedDemoReviewsIfMissing(db: Database, demo: readonly DemoRatingTarget[]): Promise<number> {
  const [{ n }] = (await db.select({ n: sql<number>`count(*)::int`.mapWith(Number) }).from(reviews)) as { n: number }[];
  if (n > 0) return 0;
  return db.transaction((tx) => seedDemoProductReviews(tx, demo, { onlyUnreviewed: true }));
}
