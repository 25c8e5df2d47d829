/**
 * The right to erasure (RGPD art. 17), for a shopper deleting their own account and for an
 * administrator deleting a client. One transaction, each step in the module that owns its rows:
 * orders stay for accounting, anonymised; everything else of the person goes, sessions included
 * (signed out at once), the `user` row last so the e-mail is free for a new sign-up.
 */
import type { Database } from "~/.server/db/client";
import type { AdminActor } from "~/domain/activity-log/activity-log";
import { recordAdminChangeBy } from "~/.server/outbox/events";
import { isStaffAccount } from "~/.server/modules/accounts/staff-accounts.service";
import { conflict } from "~/domain/errors";
import { STAFF_ACCOUNT_NOT_DELETABLE_MESSAGE } from "~/domain/staff/staff-messages";
import { confirmPasswordAndSignOut, type AccountActor, type SessionCookies } from "~/.server/modules/accounts/account-security.service";
import { assertErasableClient } from "~/.server/modules/accounts/clients-admin.service";
import { eraseAccountRows } from "~/.server/modules/accounts/gdpr.service";
import { eraseAddressesOf } from "~/.server/modules/addresses/addresses.service";
import { eraseCartOf } from "~/.server/modules/cart/cart.service";
import { anonymiseRemindersOf } from "~/.server/modules/cart-reminders/cart-reminders.service";
import { eraseChatsOf } from "~/.server/modules/chat/chat.service";
import { eraseFavoritesOf } from "~/.server/modules/favorites/favorites.service";
import { eraseLoyaltyHistoryOf } from "~/.server/modules/loyalty/loyalty.service";
import { eraseSubscriptionOf } from "~/.server/modules/newsletter/newsletter.service";
import { eraseNotificationsOf } from "~/.server/modules/notifications/notifications.service";
import { anonymiseCustomerOrders } from "~/.server/modules/orders/orders.service";
import { erasePaymentMethodsOf } from "~/.server/modules/payment-methods/payment-methods.service";
import { eraseTicketsOf } from "~/.server/modules/support/support.service";

/** Erases the account `userId`; by an administrator when `actor` says so (logged with the id and counts only). */
export async function eraseAccount(db: Database, userId: string, actor?: AdminActor): Promise<{ anonymisedOrders: number }> {
  return db.transaction(async (tx) => {
    // Erased by an administrator: the entry keeps the id and counts only, never the person's data.
    await recordAdminChangeBy(tx, actor, {
      action: "client.delete",
      entityType: "client",
      entityId: userId,
      summary: "Client supprimé (effacement RGPD)",
    });
    const anonymisedOrders = await anonymiseCustomerOrders(tx, userId);
    await eraseAddressesOf(tx, userId);
    await eraseFavoritesOf(tx, userId);
    await eraseNotificationsOf(tx, userId);
    await erasePaymentMethodsOf(tx, userId);
    await eraseCartOf(tx, userId);
    await anonymiseRemindersOf(tx, userId);
    await eraseLoyaltyHistoryOf(tx, userId);
    await eraseChatsOf(tx, userId);
    await eraseTicketsOf(tx, userId);
    const { email } = await eraseAccountRows(tx, userId);
    if (email) await eraseSubscriptionOf(tx, email);
    return { anonymisedOrders };
  });
}

/** A shopper deletes their own account once its password is confirmed; answers the signed-out cookies. */
export async function deleteOwnAccount(actor: AccountActor, password: string): Promise<SessionCookies> {
  // A staff member's account stays, disabled rather than deleted (decision 066).
  if (await isStaffAccount(actor.db, actor.userId)) throw conflict("staff_account", STAFF_ACCOUNT_NOT_DELETABLE_MESSAGE);
  const cookies = await confirmPasswordAndSignOut(actor, password);
  await eraseAccount(actor.db, actor.userId);
  return cookies;
}

/** An administrator deletes a client the way a shopper deletes their own account; never an administrator. */
export async function deleteClient(db: Database, clientId: string, actor?: AdminActor): Promise<{ anonymisedOrders: number }> {
  await assertErasableClient(db, clientId);
  return eraseAccount(db, clientId, actor);
}
