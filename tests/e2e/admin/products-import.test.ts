import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import sharp from "sharp";
import { zipSync } from "fflate";
import { launchBrowser, signedInContext, waitForHydration } from "../../support/browser";
import { E2E_ADMIN, uniqueEmail } from "../../support/accounts";
import { signInCookie, signUpCookie } from "../../support/http-session";
import { createPasswordShopper, startPrivateShop } from "../../support/private-shop";
import { categories } from "../../../app/.server/db/schema";
import { e2eShop } from "../../support/e2e-shop";
import { makeStaff, staffCookie } from "../../support/staff";

/**
 * Importer (docs/decisions/051-catalogue-import-export.md): the administrator sends a CSV and a
 * ZIP of images, sees the preview line by line (a refusal with its reason blocks the import),
 * applies a clean file and finds the products in Gestion des Produits; shoppers and visitors
 * are kept out.
 */
const baseURL = e2eShop().baseURL;
const RUN = randomUUID().slice(0, 6);
const NAME = `Brume Import ${RUN}`;
const HEADER = "Réf. produit;Produit;Marque;Catégorie;Variante;SKU;Prix;Prix barré;Stock;Images;Statut";
let browser: Browser;
let adminCookie: string;

const csvFile = (...lines: string[]) => ({
  name: "catalogue.csv",
  mimeType: "text/csv",
  buffer: Buffer.from([HEADER, ...lines].join("\r\n") + "\r\n", "utf8"),
});

beforeAll(async () => {
  browser = await launchBrowser();
  adminCookie = await signInCookie(baseURL, E2E_ADMIN.email, E2E_ADMIN.password);
});

afterAll(async () => {
  await browser?.close();
});

describe("Importer des produits", () => {
  it("previews a CSV with its refusals, then applies a CSV and its ZIP of images", async () => {
    const context = await signedInContext(browser, baseURL, adminCookie, { viewport: { width: 1400, height: 900 } });
    const page = await context.newPage();
    try {
      await page.goto("/admin/produits");
      await waitForHydration(page);
      await page.getByRole("link", { name: "Importer" }).click();
      await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Importer des produits");

      // A negative stock and an unknown category: refused with their reasons, nothing to apply.
      await page
        .getByLabel("Fichier CSV (20 Mo au maximum)")
        .setInputFiles(
          csvFile(
            `B${RUN};${NAME};;Parfums;50 ml;BRU-${RUN}-50;29,90;;-4;;`,
            `C${RUN};Autre ${RUN};;Catégorie fantôme;Unique;BRU-${RUN}-X;9,90;;1;;`,
          ),
        );
      await page.getByRole("button", { name: "Prévisualiser" }).click();
      const table = page.getByRole("region", { name: "Aperçu ligne par ligne" });
      await expect.poll(() => table.getByText("Stock négatif refusé").count()).toBe(1);
      expect(await table.getByText("Catégorie inconnue : « Catégorie fantôme »").count()).toBe(1);
      expect(await page.getByText("Refusé : 2").count()).toBe(1);
      expect(await page.getByRole("button", { name: "Appliquer l'import" }).count()).toBe(0);

      // The corrected file with its image in a ZIP: two creations, then applied.
      const png = await sharp({ create: { width: 60, height: 60, channels: 3, background: "#d9b8c4" } })
        .png()
        .toBuffer();
      await page
        .getByLabel("Fichier CSV (20 Mo au maximum)")
        .setInputFiles(
          csvFile(
            `B${RUN};${NAME};;Parfums;50 ml;BRU-${RUN}-50;29,90;;4;brume.png;`,
            `B${RUN};${NAME};;Parfums;100 ml;BRU-${RUN}-100;44,90;;0;brume.png;`,
          ),
        );
      await page.getByLabel("Images (ZIP, facultatif, 200 Mo au maximum)").setInputFiles({
        name: "images.zip",
        mimeType: "application/zip",
        buffer: Buffer.from(zipSync({ "brume.png": new Uint8Array(png) })),
      });
      await page.getByRole("button", { name: "Prévisualiser" }).click();
      await expect.poll(() => page.getByText("Création : 2").count()).toBe(1);
      expect(await table.getByText("Création", { exact: true }).count()).toBe(2);
      await page.getByRole("button", { name: "Appliquer l'import" }).click();
      await expect.poll(() => page.getByRole("heading", { name: "Import appliqué" }).count()).toBe(1);
      expect(await page.getByText("Import appliqué : 2 lignes, 2 créées, 0 mise à jour, 0 inchangée, 0 refusée.").count()).toBe(1);

      await page.getByRole("link", { name: "Voir les produits" }).click();
      await page.goto(`/admin/produits?search=${encodeURIComponent(`Brume Import ${RUN}`)}`);
      await expect.poll(() => page.getByText(NAME, { exact: true }).count()).toBeGreaterThan(0);
      expect(await page.getByText("1 produit trouvé").count()).toBe(1);
      const image = page.getByRole("row").filter({ hasText: NAME }).locator("img").first();
      expect(await image.getAttribute("src")).toMatch(/^\/media\/uploads\/products\//);
    } finally {
      await context.close();
    }
  });

  it("shows a determinate progress bar while a large file is applied, then the result; a ZIP's images are streamed first", async () => {
    // On a shop of its own: 1,500 new products in the shared catalogue would push the demo
    // products off the first pages other files' journeys read.
    const email = `import-admin-${RUN}@example.com`;
    const password = "Secret123!Aurore";
    const shop = await startPrivateShop(async (db) => {
      const id = await createPasswordShopper(db, { email, password, firstName: "Admin" });
      await makeStaff(db, id);
      await db.insert(categories).values({ name: "Parfums", slug: "parfums" }).onConflictDoNothing();
    });
    const shopURL = shop.baseURL;
    const shopCookie = await staffCookie(shopURL, email, password);
    const context = await signedInContext(browser, shopURL, shopCookie, {
      viewport: { width: 1400, height: 900 },
    });
    const page = await context.newPage();
    const total = 6000;
    try {
      await page.goto("/admin/produits/import");
      await waitForHydration(page);
      // Four variants per product: the bar moves as each chunk of new variants is written.
      const lines = Array.from(
        { length: total },
        (_, i) => `P${RUN}-${Math.floor(i / 4)};Lot ${RUN} ${Math.floor(i / 4)};;Parfums;V${i % 4};LOT-${RUN}-${i};12,50;;3;;`,
      );
      await page.getByLabel("Fichier CSV (20 Mo au maximum)").setInputFiles(csvFile(...lines));
      await page.getByRole("button", { name: "Prévisualiser" }).click();
      await expect.poll(() => page.getByText(`Création : ${total}`).count(), { timeout: 60_000 }).toBe(1);

      await page.getByRole("button", { name: "Appliquer l'import" }).click();
      const bar = page.getByRole("progressbar", { name: "Import en cours" });
      await expect.poll(() => bar.getAttribute("aria-valuemax"), { timeout: 60_000 }).toBe(String(total));
      const now = Number(await bar.getAttribute("aria-valuenow"));
      expect(now).toBeGreaterThanOrEqual(0);
      expect(now).toBeLessThanOrEqual(total);
      expect(await bar.getAttribute("aria-valuetext")).toMatch(/^[\d\u202f]+ \/ 6\u202f000 lignes$/);
      expect(await page.getByText(/ \/ 6\u202f000 lignes/).count()).toBeGreaterThan(0);

      await expect.poll(() => page.getByRole("heading", { name: "Import appliqué" }).count(), { timeout: 120_000 }).toBe(1);
      expect(await bar.count()).toBe(0);
      expect(
        await page.getByText(`Import appliqué : ${total} lignes, ${total} créées, 0 mise à jour, 0 inchangée, 0 refusée.`).count(),
      ).toBe(1);
      const found = (await (await fetch(`${shopURL}/api/v1/products?search=${encodeURIComponent(`Lot ${RUN} 1499`)}`)).json()) as {
        data: { name: string }[];
      };
      expect(found.data.map((p) => p.name)).toContain(`Lot ${RUN} 1499`);

      // With a ZIP, the images stored are streamed first, then the lines written, then the result
      // (on this private shop too: its products stay out of the shared catalogue's first pages).
      const png = await sharp({ create: { width: 50, height: 50, channels: 3, background: "#7c9cc8" } })
        .png()
        .toBuffer();
      const form = new FormData();
      form.set("intent", "apply");
      form.set(
        "csv",
        new Blob(
          [
            `${HEADER}\r\nZ${RUN};Zip ${RUN} A;;Parfums;Unique;ZIP-${RUN}-A;19,90;;2;a.png;\r\nY${RUN};Zip ${RUN} B;;Parfums;Unique;ZIP-${RUN}-B;19,90;;2;b.png;\r\n`,
          ],
          { type: "text/csv" },
        ),
        "catalogue.csv",
      );
      form.set(
        "images",
        new Blob([zipSync({ "a.png": new Uint8Array(png), "b.png": new Uint8Array(png) })], { type: "application/zip" }),
        "images.zip",
      );
      const answer = await fetch(`${shopURL}/admin/produits/import/progression`, {
        method: "POST",
        headers: { cookie: shopCookie, origin: shopURL },
        body: form,
      });
      const text = await answer.text();
      const progress = [...text.matchAll(/event: progress\ndata: (.+)\n/g)].map(
        (m) => JSON.parse(m[1]) as { done: number; total: number; phase: string },
      );
      expect(progress[0]).toEqual({ done: 0, total: 2, phase: "images" });
      expect(progress.filter((p) => p.phase === "images").at(-1)).toEqual({ done: 2, total: 2, phase: "images" });
      const firstLines = progress.findIndex((p) => p.phase === "lines");
      expect(firstLines).toBeGreaterThan(0);
      expect(progress.slice(firstLines).every((p) => p.phase === "lines")).toBe(true);
      expect(JSON.parse(/event: result\ndata: (.+)\n/.exec(text)?.[1] ?? "null")).toMatchObject({ ok: true, data: { applied: true } });
    } finally {
      await context.close();
      await shop.stop();
    }
  });

  it("streams a refusal as the result, for a file past the server's usual 1 MB body bound", async () => {
    const lines = Array.from(
      { length: 30_000 },
      (_, i) => `R${RUN}-${i};Refus ${RUN} ${i};;Catégorie fantôme;Unique;REFUS-${RUN}-${i};1,00;;1;;`,
    );
    const csv = new Blob([`${HEADER}\r\n${lines.join("\r\n")}\r\n`], { type: "text/csv" });
    expect(csv.size).toBeGreaterThan(2 * 1024 * 1024);
    const form = new FormData();
    form.set("intent", "apply");
    form.set("csv", csv, "x.csv");
    const answer = await fetch(`${baseURL}/admin/produits/import/progression`, {
      method: "POST",
      headers: { cookie: adminCookie, origin: baseURL },
      body: form,
    });
    expect(answer.headers.get("content-type")).toMatch(/^text\/event-stream/);
    const text = await answer.text();
    const result = JSON.parse(/event: result\ndata: (.+)\n/.exec(text)?.[1] ?? "null") as {
      ok: boolean;
      data: { applied: boolean };
      message: string;
    };
    expect(result).toMatchObject({
      ok: true,
      data: { applied: false },
      message: "Import refusé : corrigez les lignes en erreur, rien n'a été importé.",
    });
    const products = (await (await fetch(`${baseURL}/api/v1/products?search=${encodeURIComponent(`Refus ${RUN} 1`)}`)).json()) as {
      data: unknown[];
    };
    expect(products.data).toHaveLength(0);
  });

  it("takes a CSV past the server's usual 1 MB body bound, and refuses one over 20 MB in French", async () => {
    const post = (csv: Blob) => {
      const form = new FormData();
      form.set("intent", "preview");
      form.set("csv", csv, "catalogue.csv");
      return fetch(`${baseURL}/admin/produits/import.data`, {
        method: "POST",
        headers: { cookie: adminCookie, origin: baseURL },
        body: form,
      });
    };
    const lines = Array.from({ length: 30_000 }, (_, i) => `G${RUN}-${i};Gros ${RUN} ${i};;Parfums;Unique;GROS-${RUN}-${i};12,50;;-1;;`);
    const large = new Blob([`${HEADER}\r\n${lines.join("\r\n")}\r\n`], { type: "text/csv" });
    expect(large.size).toBeGreaterThan(2 * 1024 * 1024);
    const previewed = await post(large);
    expect(previewed.status).toBe(200);
    expect(await previewed.text()).toContain("30000 refusées");
    const tooLarge = await post(new Blob([new Uint8Array(21 * 1024 * 1024).fill(0x41)], { type: "text/csv" }));
    expect(await tooLarge.text()).toContain("Le fichier CSV est trop volumineux : 20 Mo au maximum.");
  });

  it("keeps shoppers and visitors out of the page and its action", async () => {
    const shopper = await signUpCookie(baseURL, uniqueEmail("admin-import"), "Secret123!Aurore", "Alice");
    expect((await fetch(`${baseURL}/admin/produits/import`, { headers: { cookie: shopper }, redirect: "manual" })).status).toBe(403);
    const visitor = await fetch(`${baseURL}/admin/produits/import`, { redirect: "manual" });
    expect([302, 401]).toContain(visitor.status);
    const form = new FormData();
    form.set("intent", "apply");
    form.set("csv", new Blob([`${HEADER}\r\n;Intrus ${RUN};;;Unique;INTRUS-${RUN};1,00;;1;;\r\n`], { type: "text/csv" }), "x.csv");
    const post = await fetch(`${baseURL}/admin/produits/import`, {
      method: "POST",
      headers: { cookie: shopper, origin: baseURL },
      body: form,
      redirect: "manual",
    });
    expect(post.status).toBe(403);
    const streamed = await fetch(`${baseURL}/admin/produits/import/progression`, {
      method: "POST",
      headers: { cookie: shopper, origin: baseURL },
      body: form,
      redirect: "manual",
    });
    expect(streamed.status).toBe(403);
    const products = (await (await fetch(`${baseURL}/api/v1/products?search=${encodeURIComponent(`Intrus ${RUN}`)}`)).json()) as {
      data: unknown[];
    };
    expect(products.data).toHaveLength(0);
  });
});
