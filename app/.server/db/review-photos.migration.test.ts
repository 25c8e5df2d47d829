/**
 * Review photo owners on a shop that already has reviews with photos: a database migrated up to
 * 0039, holding two reviews that name the same file (the defect: the second author sent the
 * first one's URL) and a review with an address that is no upload, then migrated to the latest
 * schema. Each photo is owned by the earlier review and its author, attached; nothing is pending,
 * so the sweep removes none of them. Runs on PGlite, and on the PostgreSQL server when
 * TEST_DATABASE_URL is set.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { upgradedDatabase, type UpgradedDatabase } from "../../../tests/support/migrations";
import { takeAbandonedReviewPhotos } from "../modules/reviews/reviews.service";
import { rowsOf, type DatabaseHandle } from "./client";

const LAST_OLD_MIGRATION = "0039_restock_alert_language";
const SHARED = "reviews/1790000000000-sharedsharedshar.webp";
const OWN = "reviews/1790000000001-ownownownownowno.webp";

let handle: DatabaseHandle;
let upgraded: UpgradedDatabase | undefined;

const query = async <T>(q: ReturnType<typeof sql>) => rowsOf<T>(await handle.db.execute(q));

beforeAll(async () => {
  upgraded = await upgradedDatabase(LAST_OLD_MIGRATION, async (old) => {
    handle = old;
    await query(sql`
      INSERT INTO "user" (id, name, email) VALUES ('first', 'Camille', 'camille@example.com'), ('second', 'Lou', 'lou@example.com')`);
    const [product] = await query<{ id: string }>(sql`INSERT INTO products (name, price_cents) VALUES ('Rose', 4900) RETURNING id`);
    await query(sql`
      INSERT INTO reviews (product_id, user_id, author_name, rating, title, body, photos, created_at) VALUES
        (${product.id}, 'first', 'Camille D.', 5, 'Superbe', 'Un parfum qui tient.', ARRAY[${`/media/uploads/${SHARED}`}, ${`/media/uploads/${OWN}`}], now() - interval '3 days'),
        (${product.id}, 'second', 'Lou M.', 1, 'Bof', 'Je reprends la photo.', ARRAY[${`/media/uploads/${SHARED}`}, 'https://ailleurs.example/x.webp'], now() - interval '2 days')`);
  });
}, 120_000);

afterAll(async () => {
  await upgraded?.close();
}, 60_000);

describe("upgrading a shop whose reviews have photos", () => {
  it("gives each stored photo to the earlier review that names it, attached, and nothing to an outside address", async () => {
    const rows = await query<{ key: string; user_id: string; author: string; attached: boolean; bytes: number }>(sql`
      SELECT p.key, p.user_id, r.author_name AS author, p.attached_at IS NOT NULL AS attached, p.bytes
      FROM review_photos p JOIN reviews r ON r.id = p.review_id ORDER BY p.key`);
    expect(rows).toEqual([
      { key: SHARED, user_id: "first", author: "Camille D.", attached: true, bytes: 0 },
      { key: OWN, user_id: "first", author: "Camille D.", attached: true, bytes: 0 },
    ]);
  });

  it("leaves the reviews as they were, and the sweep takes none of their photos", async () => {
    const reviews = await query<{ n: number }>(sql`SELECT count(*)::int AS n FROM reviews WHERE cardinality(photos) = 2`);
    expect(reviews[0].n).toBe(2);
    expect(await takeAbandonedReviewPhotos(handle.db)).toEqual([]);
  });
});
