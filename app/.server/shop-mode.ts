/**
 * Demo mode and live mode (decision 060). `SHOP_MODE=demo`, the default, is the shop `npm start`
 * opens: the simulated acquirer, the demo catalogue and the demonstration banner. `SHOP_MODE=live`
 * takes real money, so the shop refuses to start in it until every condition a real shop needs
 * holds, and says, in French, each one that does not. A live key in demo mode is refused as well:
 * a demonstration must never charge a real card.
 */

/** Whether a Stripe key (secret, restricted or publishable) is a test or a live one; null for anything else. */
export function stripeKeyMode(key: string | undefined): "test" | "live" | null {
  const match = /^(?:sk|rk|pk)_(test|live)_/.exec(key ?? "");
  return match ? (match[1] as "test" | "live") : null;
}

/** What the checks read: the parsed configuration (env.ts) and the demo's own defaults. */
export type ShopModeConfig = {
  SHOP_MODE: "demo" | "live";
  PUBLIC_URL?: string;
  SESSION_SECRET?: string;
  ADMIN_PASSWORD?: string;
  SEED_DEMO_DATA: "true" | "false";
  PAYMENT_PROVIDER: string;
  STRIPE_SECRET_KEY?: string;
  STRIPE_PUBLISHABLE_KEY?: string;
  CARRIERS: readonly string[];
  COLISSIMO_SLS_URL?: string;
  COLISSIMO_POINTS_URL?: string;
  LAPOSTE_TRACKING_URL?: string;
  MONDIAL_RELAY_URL?: string;
  MONDIAL_RELAY_LABEL_URL?: string;
} & Record<`LEGAL_${string}`, string | undefined>;

/** Words that mark demo text: none of them may reach a page or an e-mail in live mode. */
export const DEMO_WORDS =
  /(?<![\p{L}])(fictif|fictive|fictifs|fictives|simulé|simulée|simulés|simulées|simulated|fictional)(?![\p{L}])|4242 ?4242/iu;

/** A live shop ships with a real carrier: the demonstration's relay points and labels are made up (decision 062). */
export const DEMO_CARRIERS_PROBLEM =
  "Aucun transporteur réel n'est configuré : indiquez CARRIERS=colissimo, mondialrelay ou les deux, avec leurs identifiants. Les points relais, étiquettes et suivis de la démonstration ne peuvent pas servir en production.";

const CARRIER_TEST_URLS = [
  "COLISSIMO_SLS_URL",
  "COLISSIMO_POINTS_URL",
  "LAPOSTE_TRACKING_URL",
  "MONDIAL_RELAY_URL",
  "MONDIAL_RELAY_LABEL_URL",
] as const;

/** What gives a seller identity away as the demo's placeholder. */
const PLACEHOLDER = /(?<![\p{L}])exemple(?![\p{L}])|000 000 000|000000000/iu;

/**
 * Why the shop may not start in its mode: an empty list when it may. `demoDefaults` is the
 * configuration with nothing set (the demo's seller identity), so a live shop that kept one of
 * its values is caught even when the value reads like a real one (the demo's street address).
 */
export function shopModeProblems(config: ShopModeConfig, demoDefaults: Partial<ShopModeConfig>): string[] {
  const problems: string[] = [];
  const stripeKeys = [config.STRIPE_SECRET_KEY, config.STRIPE_PUBLISHABLE_KEY];
  if (config.SHOP_MODE === "demo") {
    if (stripeKeys.some((key) => stripeKeyMode(key) === "live")) {
      problems.push(
        "Une clé Stripe de production (sk_live_… ou pk_live_…) est refusée en mode démonstration : utilisez les clés de test, ou SHOP_MODE=live.",
      );
    }
    return problems;
  }
  if (config.PAYMENT_PROVIDER !== "stripe") {
    problems.push("Aucun prestataire de paiement réel n'est configuré : indiquez PAYMENT_PROVIDER=stripe avec ses clés.");
  } else {
    if (stripeKeys.some((key) => stripeKeyMode(key) === "test")) {
      problems.push("Une clé Stripe de test (sk_test_… ou pk_test_…) est refusée en mode production : utilisez les clés de production.");
    }
  }
  if (config.CARRIERS.length === 0) problems.push(DEMO_CARRIERS_PROBLEM);
  for (const name of CARRIER_TEST_URLS) {
    if (config[name]) problems.push(`${name} sert aux tests : retirez-le, la boutique en production parle aux services du transporteur.`);
  }
  for (const [name, value] of Object.entries(config)) {
    if (!name.startsWith("LEGAL_") || typeof value !== "string") continue;
    if (DEMO_WORDS.test(value) || PLACEHOLDER.test(value) || value === demoDefaults[name as keyof ShopModeConfig]) {
      problems.push(`${name} garde la valeur de la boutique de démonstration : indiquez celle de votre société.`);
    }
  }
  if (!config.PUBLIC_URL?.startsWith("https://")) {
    problems.push("PUBLIC_URL doit être l'adresse https:// de la boutique.");
  }
  if (!config.SESSION_SECRET)
    problems.push("SESSION_SECRET doit être défini (au moins 32 caractères) : aucun secret généré en production.");
  if (!config.ADMIN_PASSWORD) problems.push("ADMIN_PASSWORD doit être défini : aucun mot de passe administrateur généré en production.");
  if (config.SEED_DEMO_DATA !== "false") {
    problems.push("SEED_DEMO_DATA=false est requis : le catalogue et les avis de démonstration ne sont pas chargés en production.");
  }
  return problems;
}
