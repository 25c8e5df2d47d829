import { describe, expect, it } from "vitest";
import { parseEnv } from "./env";
import { DEMO_WORDS, shopModeProblems, stripeKeyMode as keyMode, type ShopModeConfig } from "./shop-mode";

const demoDefaults = {
  LEGAL_COMPANY_NAME: "Aurore Beauté SAS (société fictive de démonstration)",
  LEGAL_ADDRESS: "12 rue des Lilas, 75008 Paris, France",
  LEGAL_SIREN: "000 000 000 (fictif)",
} satisfies Partial<ShopModeConfig>;

/** A live configuration with every condition met. */
const live: ShopModeConfig = {
  SHOP_MODE: "live",
  PUBLIC_URL: "https://www.maison-lumiere.fr",
  SESSION_SECRET: "x".repeat(48),
  ADMIN_PASSWORD: "Un-vrai-mot-de-passe-1",
  SEED_DEMO_DATA: "false",
  PAYMENT_PROVIDER: "stripe",
  STRIPE_SECRET_KEY: "sk_live_51Abc",
  STRIPE_PUBLISHABLE_KEY: "pk_live_51Abc",
  CARRIERS: ["colissimo"],
  LEGAL_COMPANY_NAME: "Maison Lumière SAS",
  LEGAL_ADDRESS: "4 place Bellecour, 69002 Lyon, France",
  LEGAL_SIREN: "912 345 678",
};

const CARRIERS_MISSING = /^Aucun transporteur réel n'est configuré : indiquez CARRIERS=/;

describe("shop mode", () => {
  it("tells a test key from a live one", () => {
    expect(keyMode("sk_test_123")).toBe("test");
    expect(keyMode("pk_live_123")).toBe("live");
    expect(keyMode("rk_live_123")).toBe("live");
    expect(keyMode("whsec_123")).toBeNull();
    expect(keyMode(undefined)).toBeNull();
  });

  it("demo mode starts with nothing set, and refuses a live key", () => {
    const demo: ShopModeConfig = {
      SHOP_MODE: "demo",
      SEED_DEMO_DATA: "true",
      PAYMENT_PROVIDER: "simulated",
      CARRIERS: [],
      ...demoDefaults,
    };
    expect(shopModeProblems(demo, demoDefaults)).toEqual([]);
    expect(
      shopModeProblems(
        { ...demo, PAYMENT_PROVIDER: "stripe", STRIPE_SECRET_KEY: "sk_test_1", STRIPE_PUBLISHABLE_KEY: "pk_test_1" },
        demoDefaults,
      ),
    ).toEqual([]);
    const [problem] = shopModeProblems({ ...demo, STRIPE_SECRET_KEY: "sk_live_1" }, demoDefaults);
    expect(problem).toMatch(/clé Stripe de production .* refusée en mode démonstration/);
  });

  it("live mode names every condition that does not hold, in French", () => {
    const problems = shopModeProblems(
      {
        SHOP_MODE: "live",
        SEED_DEMO_DATA: "true",
        PAYMENT_PROVIDER: "simulated",
        PUBLIC_URL: "http://shop.example",
        CARRIERS: [],
        ...demoDefaults,
      },
      demoDefaults,
    );
    expect(problems).toEqual([
      expect.stringMatching(/^Aucun prestataire de paiement réel/),
      expect.stringMatching(CARRIERS_MISSING),
      expect.stringMatching(/^LEGAL_COMPANY_NAME garde la valeur/),
      // Kept from the demo even though nothing in it reads as a placeholder.
      expect.stringMatching(/^LEGAL_ADDRESS garde la valeur/),
      expect.stringMatching(/^LEGAL_SIREN garde la valeur/),
      expect.stringMatching(/^PUBLIC_URL doit être l'adresse https/),
      expect.stringMatching(/^SESSION_SECRET doit être défini/),
      expect.stringMatching(/^ADMIN_PASSWORD doit être défini/),
      expect.stringMatching(/^SEED_DEMO_DATA=false est requis/),
    ]);
  });

  it("live mode refuses test keys and placeholder identities", () => {
    const problems = shopModeProblems({ ...live, STRIPE_SECRET_KEY: "sk_test_1", LEGAL_HOST: "Hébergeur Exemple SAS" }, demoDefaults);
    expect(problems).toContainEqual(expect.stringMatching(/clé Stripe de test .* refusée en mode production/));
    expect(problems).toContainEqual(expect.stringMatching(/^LEGAL_HOST garde la valeur/));
  });

  it("a real configuration starts, with a real carrier and no carrier test server", () => {
    expect(shopModeProblems(live, demoDefaults)).toEqual([]);
    expect(shopModeProblems({ ...live, CARRIERS: [] }, demoDefaults)).toEqual([expect.stringMatching(CARRIERS_MISSING)]);
    expect(shopModeProblems({ ...live, MONDIAL_RELAY_URL: "http://127.0.0.1:9" }, demoDefaults)).toEqual([
      expect.stringMatching(/^MONDIAL_RELAY_URL sert aux tests/),
    ]);
  });

  it("the boot checks each listed carrier's credentials and refuses an unknown carrier", () => {
    expect(() => parseEnv({ CARRIERS: "colissimo" })).toThrow(/COLISSIMO_CONTRACT_NUMBER is required when CARRIERS lists colissimo/);
    expect(() => parseEnv({ CARRIERS: "mondialrelay", MONDIAL_RELAY_ENSEIGNE: "BDTEST13" })).toThrow(
      /MONDIAL_RELAY_PRIVATE_KEY is required when CARRIERS lists mondialrelay/,
    );
    expect(() => parseEnv({ CARRIERS: "colissimo,dhl" })).toThrow(/CARRIERS lists colissimo and\/or mondialrelay/);
    const env = parseEnv({
      CARRIERS: " mondialrelay , colissimo,mondialrelay",
      COLISSIMO_CONTRACT_NUMBER: "123456",
      COLISSIMO_PASSWORD: "secret",
      LAPOSTE_OKAPI_KEY: "okapi-test-key",
      MONDIAL_RELAY_ENSEIGNE: "BDTEST13",
      MONDIAL_RELAY_PRIVATE_KEY: "PrivateK",
    });
    expect(env.CARRIERS).toEqual(["mondialrelay", "colissimo"]);
    expect(parseEnv({}).CARRIERS).toEqual([]);
  });

  it("spots the demo's words, not the words that merely contain them", () => {
    for (const text of ["Paiement simulé", "point relais fictif", "société fictive", "Carte 4242 4242 4242 4242", "Simulated payment"]) {
      expect(DEMO_WORDS.test(text), text).toBe(true);
    }
    for (const text of ["Par exemple, un parfum", "Paiement sécurisé", "dissimulé"]) expect(DEMO_WORDS.test(text), text).toBe(false);
  });

  it("the boot refuses a live start that lacks something, naming each thing, and a demo with a live key", () => {
    expect(() => parseEnv({ SHOP_MODE: "live" })).toThrow(
      /^La boutique ne peut pas démarrer en production \(SHOP_MODE=live\) :\n {2}- Aucun prestataire/,
    );
    expect(() => parseEnv({ SHOP_MODE: "live" })).toThrow(/LEGAL_COMPANY_NAME garde la valeur[\s\S]*ADMIN_PASSWORD doit être défini/);
    expect(() =>
      parseEnv({
        PAYMENT_PROVIDER: "stripe",
        STRIPE_SECRET_KEY: "sk_live_0123456789",
        STRIPE_PUBLISHABLE_KEY: "pk_live_0123456789",
        STRIPE_WEBHOOK_SECRET: "whsec_0123456789",
      }),
    ).toThrow(/démarrer en démonstration \(SHOP_MODE=demo\)[\s\S]*clé Stripe de production/);
    expect(parseEnv({}).SHOP_MODE).toBe("demo");
  });
});
