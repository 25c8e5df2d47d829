/**
 * Business constants of the shop, named once (spec storefront §9, back-office §9).
 * Money is in integer cents everywhere.
 */

/** Standard delivery fee in metropolitan France. */
export const SHIPPING_FEE_CENTS = 990;
/**
 * Free delivery from this merchandise subtotal: one rule, 100 €, the same on every page
 * (docs/decisions/001-stack-and-shape.md).
 */
export const FREE_SHIPPING_THRESHOLD_CENTS = 10_000;

/** Stock from 1 to this value shows the "DERNIÈRES PIÈCES" badge and "Plus que {n} en stock". */
export const LOW_STOCK_BADGE_MAX = 9;
/** Back-office and product page: 1 to 10 is "Stock faible" (orange), above is "En stock" (green). */
export const LOW_STOCK_THRESHOLD = 10;

export const HOME_PRODUCTS_PER_CATEGORY = 4;
export const HOME_FEATURED_COUNT = 6;
export const CAROUSEL_ITEMS_PER_SLIDE = 3;
export const CAROUSEL_INTERVAL_MS = 5000;
export const CATALOGUE_SKELETON_COUNT = 6;
export const CATALOGUE_PAGE_SIZE = 24;
/** Longest search text we accept; longer input is cut, never an error page. */
export const SEARCH_MAX_LENGTH = 200;
export const API_MAX_PAGE_SIZE = 100;

/**
 * Youngest age a birth date in the profile may give: 15, the age from which a minor consents alone
 * to the processing of their data in France (loi Informatique et Libertés, art. 45).
 */
export const MIN_ACCOUNT_AGE_YEARS = 15;

export const COOKIE_CONSENT_KEY = "cookie-consent";
export const COOKIE_BANNER_DELAY_MS = 1000;

/** Header bell (spec storefront §9): the 50 latest order notifications; the badge says "9+" above 9. */
export const HEADER_NOTIFICATIONS_LIMIT = 50;
export const NOTIFICATION_BADGE_MAX = 9;
/** The dashboard's Notifications tab lists at most this many, newest first (no limit in the spec). */
export const NOTIFICATIONS_LIST_LIMIT = 100;

export const RETURNS_DAYS = 30;
export const COPYRIGHT_YEAR = 2025;
export const LOWEST_PRICE_WINDOW_DAYS = 30;

/** Legal withdrawal period for distance sales (Code de la consommation, art. L221-18). */
export const WITHDRAWAL_DAYS = 14;
/** Commercial returns: refund within 5 to 7 days of the returned parcel's receipt. */
export const RETURN_REFUND_MIN_DAYS = 5;
export const RETURN_REFUND_MAX_DAYS = 7;
/** Split payment in 3 instalments, free from this order total. */
export const SPLIT_PAYMENT_INSTALMENTS = 3;
export const SPLIT_PAYMENT_MIN_CENTS = 5000;
/**
 * An instalment the bank wants authenticated (decision 035): the e-mailed link to confirm it works
 * this many days; unpaid by then, the instalment is unpaid ('Échéance impayée').
 */
export const INSTALMENT_AUTHENTICATION_LINK_DAYS = 7;
/**
 * Delivery overseas and the relay-point discount (spec back-office §9). Corsica pays the mainland
 * fee, free from the same threshold (both edited in Paramètres; features/checkout/shipping.ts).
 */
export const OVERSEAS_SHIPPING_FEE_CENTS = 1990;
export const RELAY_POINT_DISCOUNT_CENTS = 200;
/** Express delivery (Chronopost, next working day) in mainland France; the Beauty Pass perk makes it free. */
export const EXPRESS_SHIPPING_FEE_CENTS = 1490;
/** Relay points listed per postal code search, nearest first. */
export const RELAY_POINTS_PER_SEARCH = 8;

/** Gift cards (spec back-office §9): preset amounts, custom range, premium physical card. */
export const GIFT_CARD_PRESET_AMOUNTS_CENTS = [2500, 5000, 7500, 10_000, 15_000, 20_000] as const;
export const GIFT_CARD_POPULAR_AMOUNT_CENTS = 5000;
export const GIFT_CARD_DEFAULT_AMOUNT_CENTS = 5000;
export const GIFT_CARD_MIN_CENTS = 1000;
export const GIFT_CARD_MAX_CENTS = 50_000;
/** A goodwill card an administrator gives a client: from 1 € up to the largest card sold (decision 048). */
export const ADMIN_GIFT_CARD_MIN_CENTS = 100;
export const ADMIN_GIFT_CARD_REASON_MAX = 300;
/** A free-amount refund's reason, kept with the refund and its credit note (decision 052). */
export const ORDER_REFUND_REASON_MAX = 500;
export const PHYSICAL_GIFT_CARD_FEE_CENTS = 500;
export const GIFT_CARD_MESSAGE_MAX = 200;
export const GIFT_CARD_VALIDITY_YEARS = 3;
export const GIFT_CARD_EXPIRY_REMINDER_MONTHS = 3;

/** Newsletter welcome offer (spec back-office §9): a personal code, single use, valid 30 days. */
export const NEWSLETTER_WELCOME_PERCENT = 10;
export const NEWSLETTER_WELCOME_VALIDITY_DAYS = 30;

/** An order can be modified or cancelled within this delay after it is placed. */
export const ORDER_CHANGE_WINDOW_HOURS = 1;
/** Beauty Pass (spec back-office §9): 1 € spent = 1 point; each 100 points = 10 € off, from 100 points. */
export const BEAUTY_PASS_POINTS_PER_EURO = 1;
export const BEAUTY_PASS_REDEEM_STEP_POINTS = 100;
export const BEAUTY_PASS_REDEEM_STEP_CENTS = 1000;
export const BEAUTY_PASS_POINTS_VALIDITY_MONTHS = 12;
export const BEAUTY_PASS_EXPIRY_REMINDER_DAYS = 30;
/** Tiers: Beauty Lover below Expert, Beauty Expert from 500, Beauty VIP from 1000 points. */
export const BEAUTY_PASS_EXPERT_MIN_POINTS = 500;
export const BEAUTY_PASS_VIP_MIN_POINTS = 1000;
/** The transaction history shows the latest 20; the profile card the latest 3 (spec storefront §9). */
export const BEAUTY_PASS_HISTORY_LIMIT = 20;
export const BEAUTY_PASS_CARD_TRANSACTIONS = 3;

/* ---------------------------------------------------------------------------------------------- */
/* Cart, checkout and delivery zones.                                                             */
/* ---------------------------------------------------------------------------------------------- */

/** A cart lives 6 hours from its creation or its last extension (spec storefront §4, §9). */
export const CART_LIFETIME_MS = 6 * 60 * 60 * 1000;
/** Expired carts are cleaned this often; the indicator refreshes every minute. */
export const CART_CLEANUP_INTERVAL_MS = 30 * 60 * 1000;
export const CART_INDICATOR_REFRESH_MS = 60 * 1000;
/** Under 30 minutes left the indicator is yellow (urgent); under 10 minutes red (critical). */
export const CART_URGENT_MS = 30 * 60 * 1000;
export const CART_CRITICAL_MS = 10 * 60 * 1000;
/** Sensible limits: a line never holds more than this, a cart never more lines than this. */
export const CART_MAX_LINE_QUANTITY = 99;
export const CART_MAX_LINES = 50;

/**
 * Delivery zones and fees. Metropolitan France and Corsica (postal codes 20xxx): 9,90 €, free
 * from 100 € of merchandise. Overseas (97xxx, 98xxx): 19,90 €, never free (the published
 * delivery page gives no threshold there). Belgium, Luxembourg, Monaco: 12,90 €; Switzerland
 * (outside the EU, customs paperwork): 19,90 €; free from 100 € in those four countries too.
 */
export const BELGIUM_SHIPPING_FEE_CENTS = 1290;
export const LUXEMBOURG_SHIPPING_FEE_CENTS = 1290;
export const MONACO_SHIPPING_FEE_CENTS = 1290;
export const SWITZERLAND_SHIPPING_FEE_CENTS = 1990;

/**
 * Parcels leave the warehouse on working days; an order placed after this hour (Paris time)
 * leaves on the next working day, then arrives 48 working hours later in metropolitan France
 * (spec back-office §9): the product page's "Livré à partir du …".
 */
export const DELIVERY_CUTOFF_HOUR = 14;
export const METROPOLITAN_DELIVERY_WORKING_DAYS = 2;

/** Address countries offered by the forms (spec storefront §5). France is the default. */
export const ADDRESS_COUNTRIES = ["France", "Belgique", "Suisse", "Luxembourg", "Monaco"] as const;
export type AddressCountry = (typeof ADDRESS_COUNTRIES)[number];
export const DEFAULT_ADDRESS_COUNTRY: AddressCountry = "France";

/** Order numbers: "AUR-2026-000123", counted per Paris calendar year, at least 6 digits. */
export const ORDER_NUMBER_PREFIX = "AUR";
export const ORDER_NUMBER_DIGITS = 6;
/** Invoices "FA-2026-000001" and credit notes "AV-2026-000001", counted per kind and Paris year (decision 031). */
export const INVOICE_NUMBER_PREFIX = "FA";
export const CREDIT_NOTE_NUMBER_PREFIX = "AV";
export const INVOICE_NUMBER_DIGITS = 6;
/** French VAT on everything the shop sells (prices are VAT-inclusive); gift cards are outside its scope. */
export const STANDARD_VAT_RATE_PERCENT = 20;
/** Order cards show this many items, then "+N autres" ("+1 autre"). */
export const ORDER_CARD_ITEMS_SHOWN = 3;

/** Back-office order list: rows per page, and the id prefix its table shows (spec back-office §9). */
export const ADMIN_ORDERS_PAGE_SIZE = 20;
export const ADMIN_ORDER_SHORT_ID_LENGTH = 8;

/** Back-office support tickets: rows per page. */
export const ADMIN_TICKETS_PAGE_SIZE = 20;
/** Longest category name the back-office accepts (the storefront navigation shows it whole). */
export const CATEGORY_NAME_MAX = 60;
/** Gestion des Clients: rows per page, and the window that makes a client active (spec back-office §4, §9). */
export const ADMIN_CLIENTS_PAGE_SIZE = 20;
export const CLIENT_ACTIVE_WINDOW_DAYS = 30;
/** A client account created by the administrator: how long the "set your password" link works. */
export const CLIENT_INVITATION_LINK_DAYS = 7;
/** "Mot de passe oublié" links: single use, valid one hour. */
export const PASSWORD_RESET_LINK_MINUTES = 60;
/** E-mail address verification links (sign-up and change of address). */
export const EMAIL_VERIFICATION_HOURS = 24;
/** Latest orders and Beauty Pass rows shown on the administrator's client page. */
export const ADMIN_CLIENT_LATEST_ORDERS = 5;
export const ADMIN_CLIENT_LOYALTY_ROWS = 10;
/** Back-office product list: rows per page; the stock dashboard lists this many alerts. */
export const ADMIN_PRODUCTS_PAGE_SIZE = 20;
export const ADMIN_STOCK_ALERTS_SHOWN = 20;
/** A stock CSV export stops after this many rows (the whole catalogue fits; a runaway does not). */
export const STOCK_EXPORT_MAX_ROWS = 200_000;
/** Gift card code checks (balance page and checkout field) allowed per client IP and minute. */
export const GIFT_CARD_CHECKS_PER_MINUTE = 10;

/** Requests per minute one admin API key may make (decision 049): a sync connector's pace, not a flood. */
export const API_KEY_REQUESTS_PER_MINUTE = 120;
/** Gift card codes one order may use. */
export const GIFT_CARD_CODES_PER_ORDER_MAX = 5;
/** Gift cards one order may buy. */
export const GIFT_CARDS_PER_ORDER_MAX = 10;
/** How long a visitor's restock alert confirmation link (double opt-in) works, in hours. */
export const RESTOCK_CONFIRMATION_TTL_HOURS = 48;

/** Forgotten cart (decision 069): the reminders' default delays after the cart's last change, and how long after a reminder an order counts as recovered. */
export const CART_REMINDER_FIRST_DELAY_HOURS = 4;
export const CART_REMINDER_SECOND_DELAY_HOURS = 48;
export const CART_REMINDER_RECOVERY_DAYS = 7;
