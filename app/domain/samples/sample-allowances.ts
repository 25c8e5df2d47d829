/**
 * The sample allowance's shape and defaults, apart from the samples' schemas: every storefront
 * page words its promise with them (header, footer), so this file must stay free of zod and the
 * message catalogues, or they would be in the JavaScript of every page.
 */

/** Samples per order by tier: Beauty Lover (and any shopper), Beauty Expert, Beauty VIP. */
export type SampleAllowances = { base: number; expert: number; vip: number };

/** Until the owner changes them in Paramètres. */
export const DEFAULT_SAMPLE_ALLOWANCES: SampleAllowances = { base: 2, expert: 3, vip: 4 };
