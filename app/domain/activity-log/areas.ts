/**
 * The back-office area of each action the activity log records, for the Journal d'activité's
 * « Domaine » filter. The areas are Équipe's permission areas (app/domain/staff/permissions.ts),
 * so "what happened in Commandes" reads the same word the roles grant.
 *
 * Listed action by action rather than derived from the prefix: a few actions belong to another
 * area than their entity (a refund is an order's change but the Remboursements area's; VAT and
 * the chart of accounts are settings kept by Comptabilité), and a new action must be placed on
 * purpose (the type refuses a missing one, areas.test.ts too).
 */
import { ACTIVITY_ACTION_LABELS, type AdminChangeAction } from "./activity-log";
import { PERMISSION_AREA_LABELS, PERMISSION_AREAS, type PermissionArea } from "~/domain/staff/permissions";

export const ACTIVITY_ACTION_AREAS: Record<AdminChangeAction, PermissionArea> = {
  "product.create": "catalog",
  "product.update": "catalog",
  "product.delete": "catalog",
  "catalog.import": "catalog",
  "product_image.upload": "catalog",
  "product_image.delete": "catalog",
  "stock.adjust": "stock",
  "category.create": "catalog",
  "category.update": "catalog",
  "category.delete": "catalog",
  "brand.create": "catalog",
  "brand.update": "catalog",
  "brand.delete": "catalog",
  "beauty_box.edition_update": "orders",
  "sample.create": "catalog",
  "sample.update": "catalog",
  "sample.activate": "catalog",
  "sample.deactivate": "catalog",
  "sample.stock_adjust": "catalog",
  "order.status_change": "orders",
  "order.ship": "orders",
  "order.refund": "refunds",
  "return.receive": "returns",
  "client.create": "clients",
  "client.update": "clients",
  "client.points_adjust": "clients",
  "client.message": "clients",
  "client.delete": "clients",
  "client.export": "clients",
  "settings.delivery_method_update": "settings",
  "settings.identity_update": "settings",
  "settings.exchange_rates_update": "settings",
  "settings.cart_reminders_update": "settings",
  "settings.samples_update": "settings",
  "settings.gift_wrap_update": "settings",
  // Granted by « Comptabilité : plan comptable et fiscalité ».
  "settings.tax_rates_update": "accounting",
  "settings.tax_update": "accounting",
  "settings.chart_of_accounts_update": "accounting",
  // The owner's cap on refunds: looked for among the refunds.
  "settings.refund_limit_update": "refunds",
  "promo_code.create": "promotions",
  "promo_code.update": "promotions",
  "promo_code.enable": "promotions",
  "promo_code.disable": "promotions",
  "promo_code.delete": "promotions",
  // A goodwill card is offered from a client's page, but it is a gift card like the others.
  "gift_card.issue": "gift_cards",
  "gift_card.disable": "gift_cards",
  "review.publish": "reviews",
  "review.reject": "reviews",
  "review.answer": "reviews",
  "ticket.status_change": "support",
  "ticket.reply": "support",
  "ticket.note": "support",
  "chat.take": "chat",
  "chat.reply": "chat",
  "chat.close": "chat",
  "api_key.create": "api_keys",
  "api_key.revoke": "api_keys",
  "webhook.create": "webhooks",
  "webhook.update": "webhooks",
  "webhook.activate": "webhooks",
  "webhook.deactivate": "webhooks",
  "webhook.rotate_secret": "webhooks",
  "webhook.resend": "webhooks",
  "webhook.delete": "webhooks",
  "staff.invite": "team",
  "staff.invitation_revoke": "team",
  "staff.join": "team",
  "staff.role_change": "team",
  "staff.disable": "team",
  "staff.enable": "team",
  "staff_role.create": "team",
  "staff_role.update": "team",
  "staff_role.delete": "team",
  "accounting.export": "accounting",
};

export function isPermissionArea(value: string): value is PermissionArea {
  return (PERMISSION_AREAS as readonly string[]).includes(value);
}

/** The area of a recorded action, or null for one this table does not know (an older entry). */
export function activityAreaOf(action: string): PermissionArea | null {
  return Object.hasOwn(ACTIVITY_ACTION_AREAS, action) ? ACTIVITY_ACTION_AREAS[action as AdminChangeAction] : null;
}

/** The actions of an area, for the filter's query. */
export function activityActionsOfArea(area: PermissionArea): AdminChangeAction[] {
  return (Object.keys(ACTIVITY_ACTION_LABELS) as AdminChangeAction[]).filter((action) => ACTIVITY_ACTION_AREAS[action] === area);
}

/**
 * The areas some of these actions belong to, and the one filtered on, in Équipe's order: the
 * filter's options, which always hold the current choice.
 */
export function activityAreasOf(actions: readonly string[], selected: PermissionArea | "" = ""): PermissionArea[] {
  const present = new Set<string>(actions.map(activityAreaOf).filter((area) => area !== null));
  if (selected) present.add(selected);
  return PERMISSION_AREAS.filter((area) => present.has(area));
}

export const activityAreaLabel = (area: string) => (isPermissionArea(area) ? PERMISSION_AREA_LABELS[area] : area);
