/**
 * Lighthouse (mobile, the default form factor) on the home, a catalogue page and a product page
 * of the built shop, with Debian's chromium. Prints the four category scores, LCP, CLS, TBT and
 * the compressed JavaScript of the first load.
 *
 *   npm run bench:web            (needs a build: npm run build)
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import lighthouse from "lighthouse";
import * as chromeLauncher from "chrome-launcher";
import { printTable, round, startShop } from "./lib";
import { chromiumPath } from "../tests/support/browser";

if (!fs.existsSync("build/server/index.js")) {
  console.error("Build the shop first: npm run build");
  process.exit(1);
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "aurore-lh-"));
const shop = await startShop({ DATA_DIR: dataDir, DATABASE_URL: "" });
const product = (
  (await (await fetch(`${shop.url}/api/v1/products?page_size=1&featured=true`)).json()) as {
    data: { id: string }[];
  }
).data[0];

const pages: [string, string][] = [
  ["home", "/"],
  ["catalogue", "/products"],
  ["product", `/product/${product.id}`],
];

const chrome = await chromeLauncher.launch({
  chromePath: chromiumPath(),
  chromeFlags: [
    "--headless=new",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
  ],
});

type Audit = { numericValue?: number; details?: { items?: { resourceType?: string; transferSize?: number; url?: string }[] } };

const rows: Record<string, unknown>[] = [];
try {
  for (const [name, p] of pages) {
    const result = await lighthouse(`${shop.url}${p}`, {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
    });
    if (!result) throw new Error(`no Lighthouse result for ${p}`);
    const { categories, audits } = result.lhr as unknown as {
      categories: Record<string, { score: number | null }>;
      audits: Record<string, Audit>;
    };
    const scripts = (audits["network-requests"].details?.items ?? []).filter((i) => i.resourceType === "Script");
    const jsBytes = scripts.reduce((n, i) => n + (i.transferSize ?? 0), 0);
    rows.push({
      page: name,
      performance: Math.round((categories.performance.score ?? 0) * 100),
      accessibility: Math.round((categories.accessibility.score ?? 0) * 100),
      "best-practices": Math.round((categories["best-practices"].score ?? 0) * 100),
      seo: Math.round((categories.seo.score ?? 0) * 100),
      "LCP ms": Math.round(audits["largest-contentful-paint"].numericValue ?? NaN),
      CLS: round(audits["cumulative-layout-shift"].numericValue ?? NaN, 3),
      "TBT ms": Math.round(audits["total-blocking-time"].numericValue ?? NaN),
      "first-load JS KB (compressed)": round(jsBytes / 1024, 1),
    });
  }
} finally {
  await chrome.kill();
  await shop.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
printTable(rows);
