/** The demo shop's Beauty Box (decision 071): this month's and next month's editions, so `npm start` shows a box with contents. */
import { asc, gt } from "drizzle-orm";
import type { Executor } from "../client";
import { boxEditions, productVariants } from "../schema";
import { saveEdition } from "~/.server/modules/beauty-box/beauty-box.service";
import { addMonths } from "~/domain/beauty-box/beauty-box";
import { parisDay } from "~/lib/paris-time";

const DEMO_TITLES = ["Rituel d'hiver", "Éclat de saison"] as const;

/** Into a shop without any edition only: an owner's own boxes are never touched. */
export async function seedDemoBoxEditionsIfNone(db: Executor, now = new Date()): Promise<number> {
  const [existing] = await db.select({ month: boxEditions.month }).from(boxEditions).limit(1);
  if (existing) return 0;
  // Three well-stocked variants, one of each box (the cheapest first: minis and travel sizes).
  const variants = await db
    .select({ id: productVariants.id })
    .from(productVariants)
    .where(gt(productVariants.stockQuantity, 20))
    .orderBy(asc(productVariants.priceCents), asc(productVariants.sku))
    .limit(6);
  if (variants.length === 0) return 0;
  const month = parisDay(now).slice(0, 7);
  const months = [month, addMonths(month, 1)];
  for (const [i, m] of months.entries()) {
    const picked = variants.filter((_, index) => index % 2 === i).slice(0, 3);
    await saveEdition(db, { month: m, title: DEMO_TITLES[i], contents: picked.map((v) => ({ variant_id: v.id, quantity: 1 })), now });
  }
  return months.length;
}
