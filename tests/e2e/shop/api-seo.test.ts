import { describe, expect, it } from "vitest";
import { e2eShop } from "../../support/e2e-shop";

const baseURL = e2eShop().baseURL;
const get = (path: string) => fetch(`${baseURL}${path}`);

describe("public catalogue API", () => {
  it("lists the categories", async () => {
    const res = await get("/api/v1/categories");
    expect(res.status).toBe(200);
    const body = (await res.json()) as { data: { slug: string }[] };
    expect(body.data).toHaveLength(6);
  });

  it("lists products with the page's filters, sorts and pagination", async () => {
    const res = await get("/api/v1/products?category=parfums&sort=price_asc&page_size=5&page=1&unknown=1");
    expect(res.status).toBe(200);
    const body = (await res.json()) as {
      data: { price_cents: number; category: { slug: string } }[];
      pagination: { page: number; page_size: number; total: number; page_count: number; total_is_lower_bound: boolean };
    };
    expect(body.data).toHaveLength(5);
    expect(body.pagination.total_is_lower_bound).toBe(false);
    expect(body.data.every((p) => p.category.slug === "parfums")).toBe(true);
    const prices = body.data.map((p) => p.price_cents);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    expect(body.pagination.page_size).toBe(5);
    expect(body.pagination.page_count).toBe(Math.ceil(body.pagination.total / 5));
  });

  it("answers 400 with a French message for bad parameters", async () => {
    for (const [qs, fragment] of [
      ["page=0", "page doit être supérieur ou égal à 1"],
      ["minPrice=abc", "Le prix minimum doit être un nombre"],
      ["maxPrice=-1", "Le prix maximum ne peut pas être négatif"],
      ["page_size=1000", "page_size doit être compris entre 1 et 100"],
      ["sort=evil", "sort vaut"],
      ["minPrice=50&maxPrice=10", "Le prix minimum doit être inférieur ou égal au prix maximum"],
      ["category=nope", "Catégorie inconnue"],
      ["page=500", "la dernière page est"],
    ] as const) {
      const res = await get(`/api/v1/products?${qs}`);
      expect(res.status, qs).toBe(400);
      const body = (await res.json()) as { error: { code: string; message: string } };
      expect(body.error.message, qs).toContain(fragment);
    }
  });

  it("handles a 1,000-character search with SQL and HTML safely", async () => {
    const search = encodeURIComponent(`<b>'; DROP TABLE products; --${"é".repeat(950)}`);
    const res = await get(`/api/v1/products?search=${search}`);
    expect(res.status).toBe(200);
  });

  it("gets one product, 404 for an unknown id", async () => {
    const list = (await (await get("/api/v1/products?page_size=1")).json()) as { data: { id: string }[] };
    const res = await get(`/api/v1/products/${list.data[0].id}`);
    expect(res.status).toBe(200);
    expect(((await res.json()) as { data: { id: string } }).data.id).toBe(list.data[0].id);
    const missing = await get("/api/v1/products/00000000-0000-0000-0000-000000000000");
    expect(missing.status).toBe(404);
    expect(((await missing.json()) as { error: { message: string } }).error.message).toBe("Produit introuvable");
    expect((await get("/api/v1/products/nope")).status).toBe(404);
  });

  it("gives the communes of a French postal code, and an empty list for an unknown or malformed one", async () => {
    const bastia = await get("/api/v1/postal-codes/20200/communes");
    expect(bastia.status).toBe(200);
    const known = (await bastia.json()) as { data: { postal_code: string; known: boolean; communes: string[] } };
    expect(known.data).toMatchObject({ postal_code: "20200", known: true });
    expect(known.data.communes).toContain("Bastia");
    for (const code of ["99999", "abc", "1".repeat(50)]) {
      const res = await get(`/api/v1/postal-codes/${code}/communes`);
      expect(res.status, code).toBe(200);
      expect(((await res.json()) as { data: { known: boolean; communes: string[] } }).data).toMatchObject({ known: false, communes: [] });
    }
  });

  it("publishes an OpenAPI 3.1 document generated from the schemas", async () => {
    const doc = (await (await get("/api/v1/openapi.json")).json()) as {
      openapi: string;
      paths: Record<string, Record<string, { parameters: { name: string }[] }>>;
    };
    expect(doc.openapi).toBe("3.1.0");
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(["/api/v1/categories", "/api/v1/products", "/api/v1/products/{id}", "/api/v1/postal-codes/{code}/communes"]),
    );
    const names = doc.paths["/api/v1/products"].get.parameters.map((p) => p.name);
    expect(names).toEqual(expect.arrayContaining(["category", "search", "minPrice", "maxPrice", "featured", "sort", "page", "page_size"]));
  });
});

describe("SEO and static files", () => {
  it("serves robots.txt and a sitemap with categories and products", async () => {
    const robots = await (await get("/robots.txt")).text();
    expect(robots).toContain("Sitemap: ");
    const sitemap = await (await get("/sitemap.xml")).text();
    expect(sitemap).toContain("/category/parfums</loc>");
    expect((sitemap.match(/\/product\//g) ?? []).length).toBeGreaterThanOrEqual(72);
  });

  it("gives each page a title, a description and a canonical link", async () => {
    const html = await (await get("/category/maquillage")).text();
    expect(html).toMatch(/<title>Maquillage \| Aurore<\/title>/);
    expect(html).toMatch(/<meta name="description" content="[^"]+"/);
    expect(html).toMatch(/<link rel="canonical" href="[^"]+\/category\/maquillage"/);
    expect(html).toContain('property="og:title"');
  });

  it("serves product art with long cache headers and security headers on pages", async () => {
    // The generated art of a seeded product (a product another journey created may have no image).
    const products = ((await (await get("/api/v1/products?page_size=50")).json()) as { data: { image_url: string | null }[] }).data;
    const product = products.find((p) => p.image_url?.startsWith("/media/art/")) as { image_url: string };
    const img = await get(product.image_url);
    expect(img.status).toBe(200);
    expect(img.headers.get("content-type")).toContain("image/svg+xml");
    expect(img.headers.get("cache-control")).toContain("max-age=31536000");
    const home = await get("/");
    expect(home.headers.get("x-content-type-options")).toBe("nosniff");
    expect(home.headers.get("content-security-policy")).toContain("default-src 'self'");
  });

  it("answers 404 for an unknown page", async () => {
    expect((await get("/cette-page-n-existe-pas")).status).toBe(404);
  });
});
