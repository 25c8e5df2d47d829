import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse } from "node-html-parser";
import { startPrivateShop, type PrivateShop } from "../../support/private-shop";
import { DEMO_WORDS } from "../../../app/.server/shop-mode";

/**
 * A live shop (docs/decisions/060, 062): with a real acquirer's production keys, a real carrier,
 * its own seller identity and no demonstration data, the shop starts, and no page a shopper reads
 * says "fictif", "simulé" or shows the demonstration's test card. Nothing here reaches Stripe or a
 * carrier: rendering these pages asks neither.
 */
const LIVE: NodeJS.ProcessEnv = {
  SHOP_MODE: "live",
  PUBLIC_URL: "https://www.maison-lumiere.fr",
  SESSION_SECRET: "s".repeat(48),
  ADMIN_EMAIL: "direction@maison-lumiere.fr",
  ADMIN_PASSWORD: "Un-vrai-mot-de-passe-1",
  SEED_DEMO_DATA: "false",
  PAYMENT_PROVIDER: "stripe",
  STRIPE_SECRET_KEY: "sk_live_51LiveModeSweep",
  STRIPE_PUBLISHABLE_KEY: "pk_live_51LiveModeSweep",
  STRIPE_WEBHOOK_SECRET: "whsec_LiveModeSweep",
  STRIPE_API_BASE: "",
  CARRIERS: "colissimo",
  COLISSIMO_CONTRACT_NUMBER: "8123456",
  COLISSIMO_PASSWORD: "mot-de-passe-ws",
  LAPOSTE_OKAPI_KEY: "okapi-live-key-0001",
  COLISSIMO_SLS_URL: "",
  COLISSIMO_POINTS_URL: "",
  LAPOSTE_TRACKING_URL: "",
  LEGAL_COMPANY_NAME: "Maison Lumière SAS",
  LEGAL_FORM: "SAS (société par actions simplifiée)",
  LEGAL_SHARE_CAPITAL: "25 000 €",
  LEGAL_ADDRESS: "4 place Bellecour, 69002 Lyon, France",
  LEGAL_PHONE: "04 78 00 12 34",
  LEGAL_EMAIL: "contact@maison-lumiere.fr",
  LEGAL_RCS: "RCS Lyon 912 345 678",
  LEGAL_SIREN: "912 345 678",
  LEGAL_VAT_NUMBER: "FR12 912345678",
  LEGAL_PUBLICATION_DIRECTOR: "Claire Dumas, présidente",
  LEGAL_HOST: "OVH SAS, 2 rue Kellermann, 59100 Roubaix, France",
  LEGAL_MEDIATOR: "CM2C, 49 rue de Ponthieu, 75008 Paris",
};

/** Every storefront page a visitor reaches without an account. */
const PAGES = [
  "/",
  "/products",
  "/marques",
  "/panier",
  "/checkout",
  "/register",
  "/service-client",
  "/faq",
  "/livraison-retours",
  "/guide-tailles",
  "/accessibilite",
  "/avis-clients",
  "/carte-cadeau",
  "/beauty-pass",
  "/about",
  "/newsletter",
  "/conditions-generales",
  "/politique-confidentialite",
  "/mentions-legales",
  "/politique-cookies",
];

let shop: PrivateShop;

beforeAll(async () => {
  shop = await startPrivateShop(async () => {}, LIVE);
}, 120_000);

afterAll(async () => {
  await shop?.stop();
});

/** What a reader sees: the text, and the words given to assistive technologies and images. */
function readable(html: string): string {
  const root = parse(html);
  for (const node of root.querySelectorAll("script, style, template")) node.remove();
  const attributes = root
    .querySelectorAll("[alt], [aria-label], [title], [placeholder]")
    .flatMap((el) => ["alt", "aria-label", "title", "placeholder"].map((a) => el.getAttribute(a) ?? ""));
  return `${root.textContent} ${attributes.join(" ")}`;
}

describe("a live shop", () => {
  it.each(
    PAGES.flatMap(
      (path) =>
        [
          [path, "fr"],
          [path, "en"],
        ] as const,
    ),
  )("%s (%s) says nothing of a demonstration", async (path, language) => {
    const res = await fetch(`${shop.baseURL}${path}`, { redirect: "follow", headers: { cookie: `aurore_lang=${language}` } });
    expect(res.status, path).toBeLessThan(500);
    const text = readable(await res.text());
    expect(text.match(DEMO_WORDS)?.[0] ?? null, path).toBeNull();
    expect(text).not.toMatch(/Boutique de démonstration|Demonstration shop/);
  });

  it("names its seller and its carrier on the legal notice and the delivery page", async () => {
    const legal = readable(await (await fetch(`${shop.baseURL}/mentions-legales`)).text());
    expect(legal).toContain("Maison Lumière SAS");
    expect(legal).toContain("912 345 678");
  });
});
