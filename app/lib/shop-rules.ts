/**
 * Business constants of the shop, named once (spec storefront §9, back-office §9).
 * Money is in integer cents everywhere.
 */

/** Standard delivery fee in metropolitan France. */
export const SHIPPING_FEE_CENTS = 990;
/**
 * Free delivery from this merchandise subtotal. The old app said 50 € on the product page and
 * 100 € everywhere else; the shop has one rule, 100 €, used on every page.
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

export const COOKIE_CONSENT_KEY = "cookie-consent";
export const COOKIE_BANNER_DELAY_MS = 1000;

export const RETURNS_DAYS = 30;
export const COPYRIGHT_YEAR = 2025;
export const LOWEST_PRICE_WINDOW_DAYS = 30;
