import { asc, desc, eq, inArray } from "drizzle-orm";
import type { Database, Executor } from "../../db/client";
import {
  account,
  beautyPassTransactions,
  favorites,
  loginHistory,
  notifications,
  orderItems,
  orders,
  paymentMethods,
  products,
  savedAddresses,
  securityEvents,
  securityReports,
  session,
  supportTickets,
  twoFactor,
  user,
  userPreferences,
  userProfiles,
} from "../../db/schema";

/* ------------------------------------------------------------------------------------------ */
/* Right of access and portability (RGPD art. 15 and 20)                                      */
/* ------------------------------------------------------------------------------------------ */

/** Every piece of data the shop holds about one user, as one JSON-ready object. */
export async function exportUserData(db: Database, userId: string) {
  const [profile] = await db
    .select({
      id: user.id,
      email: user.email,
      name: user.name,
      emailVerified: user.emailVerified,
      createdAt: user.createdAt,
      twoFactorEnabled: user.twoFactorEnabled,
      firstName: userProfiles.firstName,
      lastName: userProfiles.lastName,
      phone: userProfiles.phone,
      dateOfBirth: userProfiles.dateOfBirth,
      gender: userProfiles.gender,
      bio: userProfiles.bio,
      profilePictureUrl: userProfiles.profilePictureUrl,
      loyaltyPoints: userProfiles.loyaltyPoints,
      totalSpentCents: userProfiles.totalSpentCents,
      lastLoginAt: userProfiles.lastLoginAt,
      businessInvoice: userProfiles.businessInvoice,
    })
    .from(user)
    .leftJoin(userProfiles, eq(userProfiles.id, user.id))
    .where(eq(user.id, userId));

  const orderRows = await db
    .select({
      id: orders.id,
      orderNumber: orders.orderNumber,
      status: orders.status,
      paymentStatus: orders.paymentStatus,
      subtotalCents: orders.subtotalCents,
      shippingCents: orders.shippingCents,
      taxCents: orders.taxCents,
      discountCents: orders.discountCents,
      totalCents: orders.totalCents,
      pointsUsed: orders.pointsUsed,
      currency: orders.currency,
      shippingAddress: orders.shippingAddress,
      billingAddress: orders.billingAddress,
      shippingMethod: orders.shippingMethod,
      notes: orders.notes,
      // The gift message the customer wrote (decision 068).
      giftMessage: orders.giftMessage,
      createdAt: orders.createdAt,
    })
    .from(orders)
    .where(eq(orders.userId, userId))
    .orderBy(desc(orders.createdAt));
  const items = orderRows.length
    ? await db
        .select({
          orderId: orderItems.orderId,
          productId: orderItems.productId,
          snapshot: orderItems.productSnapshot,
          quantity: orderItems.quantity,
          unitPriceCents: orderItems.unitPriceCents,
          totalPriceCents: orderItems.totalPriceCents,
        })
        .from(orderItems)
        .where(
          inArray(
            orderItems.orderId,
            orderRows.map((o) => o.id),
          ),
        )
    : [];

  const [addresses, beautyPass, notificationRows, tickets, preferences, logins, events, cards, favouriteRows] = await Promise.all([
    db.select().from(savedAddresses).where(eq(savedAddresses.userId, userId)).orderBy(asc(savedAddresses.createdAt)),
    db
      .select({
        points: beautyPassTransactions.points,
        type: beautyPassTransactions.type,
        description: beautyPassTransactions.description,
        orderId: beautyPassTransactions.orderId,
        expiresAt: beautyPassTransactions.expiresAt,
        createdAt: beautyPassTransactions.createdAt,
      })
      .from(beautyPassTransactions)
      .where(eq(beautyPassTransactions.userId, userId))
      .orderBy(desc(beautyPassTransactions.createdAt)),
    db
      .select({
        type: notifications.type,
        title: notifications.title,
        message: notifications.message,
        isRead: notifications.isRead,
        actionUrl: notifications.actionUrl,
        createdAt: notifications.createdAt,
      })
      .from(notifications)
      .where(eq(notifications.userId, userId))
      .orderBy(desc(notifications.createdAt)),
    db
      .select({
        ticketNumber: supportTickets.ticketNumber,
        contactName: supportTickets.contactName,
        contactEmail: supportTickets.contactEmail,
        subject: supportTickets.subject,
        description: supportTickets.description,
        category: supportTickets.category,
        priority: supportTickets.priority,
        status: supportTickets.status,
        createdAt: supportTickets.createdAt,
        updatedAt: supportTickets.updatedAt,
      })
      .from(supportTickets)
      .where(eq(supportTickets.userId, userId))
      .orderBy(desc(supportTickets.createdAt)),
    db.select().from(userPreferences).where(eq(userPreferences.userId, userId)),
    db
      .select({
        createdAt: loginHistory.createdAt,
        loginSuccessful: loginHistory.loginSuccessful,
        deviceType: loginHistory.deviceType,
        browser: loginHistory.browser,
        os: loginHistory.os,
        city: loginHistory.city,
        country: loginHistory.country,
        ipAddress: loginHistory.ipAddress,
        logoutAt: loginHistory.logoutAt,
        sessionDuration: loginHistory.sessionDuration,
      })
      .from(loginHistory)
      .where(eq(loginHistory.userId, userId))
      .orderBy(desc(loginHistory.createdAt)),
    db
      .select({
        eventType: securityEvents.eventType,
        description: securityEvents.description,
        ipAddress: securityEvents.ipAddress,
        userAgent: securityEvents.userAgent,
        metadata: securityEvents.metadata,
        createdAt: securityEvents.createdAt,
      })
      .from(securityEvents)
      .where(eq(securityEvents.userId, userId))
      .orderBy(desc(securityEvents.createdAt)),
    // Only what the customer typed or saw: brand, last four digits, holder, expiry.
    db
      .select({
        brand: paymentMethods.cardBrand,
        lastFour: paymentMethods.cardLastFour,
        holderName: paymentMethods.cardHolderName,
        expMonth: paymentMethods.expMonth,
        expYear: paymentMethods.expYear,
      })
      .from(paymentMethods)
      .where(eq(paymentMethods.userId, userId)),
    db
      .select({ productId: favorites.productId, productName: products.name, createdAt: favorites.createdAt })
      .from(favorites)
      .innerJoin(products, eq(products.id, favorites.productId))
      .where(eq(favorites.userId, userId))
      .orderBy(desc(favorites.createdAt)),
  ]);

  const pref = preferences[0];
  return {
    exported_at: new Date().toISOString(),
    profile: profile ?? null,
    addresses: addresses.map(({ userId: _userId, ...rest }) => rest),
    orders: orderRows.map((o) => ({
      ...o,
      items: items
        .filter((i) => i.orderId === o.id)
        .map(({ orderId: _orderId, snapshot, ...rest }) => ({ ...rest, productName: snapshot.name, brand: snapshot.brand })),
    })),
    beauty_pass_transactions: beautyPass,
    notifications: notificationRows,
    support_tickets: tickets,
    preferences: pref ? (({ userId: _userId, ...rest }) => rest)(pref) : null,
    login_history: logins,
    security_events: events,
    payment_methods: cards,
    favorites: favouriteRows,
  };
}

export type UserDataExport = Awaited<ReturnType<typeof exportUserData>>;

/* ------------------------------------------------------------------------------------------ */
/* Right to erasure (RGPD art. 17)                                                             */
/* ------------------------------------------------------------------------------------------ */

/**
 * The accounts module's own rows of the user, the `user` row last, so the e-mail is free for a
 * new sign-up: the erasure's last step (app/.server/workflows/erase-account.ts). Answers the
 * address the account had, whose newsletter consent goes in the same transaction.
 */
export async function eraseAccountRows(tx: Executor, userId: string): Promise<{ email: string | null }> {
  await tx.delete(userPreferences).where(eq(userPreferences.userId, userId));
  await tx.delete(securityReports).where(eq(securityReports.userId, userId));
  await tx.delete(securityEvents).where(eq(securityEvents.userId, userId));
  await tx.delete(loginHistory).where(eq(loginHistory.userId, userId));
  await tx.delete(userProfiles).where(eq(userProfiles.id, userId));
  await tx.delete(session).where(eq(session.userId, userId));
  await tx.delete(account).where(eq(account.userId, userId));
  await tx.delete(twoFactor).where(eq(twoFactor.userId, userId));
  const [owner] = await tx.select({ email: user.email }).from(user).where(eq(user.id, userId));
  await tx.delete(user).where(eq(user.id, userId));
  return { email: owner?.email ?? null };
}
