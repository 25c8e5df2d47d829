/**
 * The daily review invitation (docs/decisions/037-reviews.md): seven days after delivery, once
 * per order, an e-mail listing the order's products the shopper may still review. Shoppers who
 * turned off order e-mails or marketing e-mails in their preferences are not written to; their
 * order is marked decided all the same, so it is never reconsidered.
 */
import type { Database } from "~/.server/db/client";
import { renderMail } from "~/.server/mail/templates";
import { readPreferences } from "~/.server/modules/accounts/preferences.service";
import { claimReviewInvitations } from "~/.server/modules/orders/review-invitations.service";
import { productsToReviewInOrder } from "~/.server/modules/reviews/reviews.service";
import { enqueueMail, kickOutbox } from "~/.server/outbox/outbox.service";
import { firstNameOfUser } from "~/.server/db/recipients";

const BATCH = 50;

export type ReviewInvitationRun = { examined: number; invited: number; skipped: number };

export async function sendReviewInvitations(db: Database, now = new Date()): Promise<ReviewInvitationRun> {
  const run: ReviewInvitationRun = { examined: 0, invited: 0, skipped: 0 };
  for (;;) {
    const claimed = await db.transaction(async (tx) => {
      const due = await claimReviewInvitations(tx, now, BATCH);
      for (const order of due) {
        run.examined += 1;
        const prefs = await readPreferences(tx, order.userId);
        const products = prefs.emailReviewInvitations && order.email ? await productsToReviewInOrder(tx, order.userId, order.id) : [];
        if (products.length === 0 || !order.email) {
          run.skipped += 1;
          continue;
        }
        const firstName = (await firstNameOfUser(tx, order.userId)) ?? order.firstName;
        const mail = await renderMail(
          "review-invitation",
          {
            firstName,
            orderNumber: order.orderNumber,
            products: products.map((p) => ({ name: p.name, path: `/product/${p.productId}#donner-mon-avis` })),
          },
          { language: prefs.language },
        );
        await enqueueMail(tx, { to: order.email, ...mail });
        run.invited += 1;
      }
      return due.length;
    });
    if (claimed < BATCH) break;
  }
  if (run.invited > 0) kickOutbox();
  return run;
}
