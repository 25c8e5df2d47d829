import { getDb } from "~/.server/db";
import { absoluteUrl } from "~/.server/http";
import { listCategories, listProductsForSitemap } from "~/.server/modules/catalog/catalog.service";

const STATIC_PAGES = [
  "/",
  "/products",
  "/service-client",
  "/faq",
  "/about",
  "/livraison-retours",
  "/guide-tailles",
  "/carte-cadeau",
  "/beauty-pass",
  "/accessibilite",
  "/conditions-generales",
  "/politique-confidentialite",
  "/mentions-legales",
  "/politique-cookies",
];

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[c]!);
}

export async function loader() {
  const db = await getDb();
  const [categories, products] = await Promise.all([listCategories(db), listProductsForSitemap(db)]);
  const urls: string[] = [
    ...STATIC_PAGES.map((p) => `<url><loc>${escapeXml(absoluteUrl(p))}</loc></url>`),
    ...categories.map((c) => `<url><loc>${escapeXml(absoluteUrl(`/category/${c.slug}`))}</loc></url>`),
    ...products.map((p) => `<url><loc>${escapeXml(absoluteUrl(`/product/${p.id}`))}</loc><lastmod>${p.updatedAt}</lastmod></url>`),
  ];
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`;
  return new Response(body, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
