#!/usr/bin/env node
/**
 * The storefront's first-load JavaScript budget, checked on the build output (no browser, no timing).
 *
 * For each storefront page it takes what the browser loads before the page is interactive, as React
 * Router's client manifest lists it (the same list the server writes as <link rel="modulepreload">):
 * the client entry and its imports, then for every route of the page's match (root, layout, page)
 * the route module and its static imports. The budget is on what the browser transfers for them, as
 * `npm run bench:web` (Lighthouse's transfer size) reads it: each file compressed with brotli at
 * quality 4 (the shop's compression middleware, for browsers that accept br), except files under the
 * middleware's 1 KB threshold, sent as they are, plus each response's headers (about 420 bytes for an
 * asset here). That "as sent" figure is within a kilobyte of bench:web; brotli bytes alone are not
 * enough, since many small files cost more in requests than in bytes. Code reached only through a
 * dynamic import() is not counted: it loads when it is used.
 *
 *   npm run check:js-budget            (reads build/, or the folder AURORE_BUILD_DIR names)
 *   node scripts/check-js-budget.mjs <build-dir>
 *
 * Exits 1 when a page is over the budget or the build cannot be read.
 */
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { pathToFileURL } from "node:url";

/** First-load JavaScript allowed per storefront page, as sent (compressed bytes and response headers). */
export const BUDGET_KB = 150;

/** For the "as sent" figure: the compression middleware's threshold and an asset response's headers. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;
export const RESPONSE_HEADER_BYTES = 420;

/** The storefront pages, as route ids of app/routes.ts: the pages a visitor lands on from outside. */
export const STOREFRONT_PAGES = [
  ["home", "routes/shop/home"],
  ["catalogue", "routes/shop/products"],
  ["category", "routes/shop/category"],
  ["product", "routes/shop/product"],
  ["cart", "routes/shop/panier"],
  ["shop page", "routes/shop/boutique"],
  ["not found", "routes/shop/not-found"],
];

const MANIFEST_GLOBAL = "window.__reactRouterManifest=";

/** The client manifest React Router wrote for this build (the one the server build points at). */
export function readManifest(buildDir) {
  const assetsDir = path.join(buildDir, "client", "assets");
  if (!fs.existsSync(assetsDir)) throw new Error(`no client build in ${path.join(buildDir, "client")}: build first`);
  let file;
  const serverEntry = path.join(buildDir, "server", "index.js");
  if (fs.existsSync(serverEntry)) {
    const url = fs.readFileSync(serverEntry, "utf8").match(/\/assets\/(manifest-[\w-]+\.js)/)?.[1];
    if (url) file = path.join(assetsDir, url);
  }
  if (!file) {
    const candidates = fs.readdirSync(assetsDir).filter((f) => /^manifest-[\w-]+\.js$/.test(f));
    if (candidates.length !== 1) throw new Error(`expected one manifest-*.js in ${assetsDir}, found ${candidates.length}`);
    file = path.join(assetsDir, candidates[0]);
  }
  const text = fs.readFileSync(file, "utf8").trim();
  if (!text.startsWith(MANIFEST_GLOBAL)) throw new Error(`${file} is not a React Router client manifest`);
  return JSON.parse(text.slice(MANIFEST_GLOBAL.length).replace(/;$/, ""));
}

/** The URLs of the JavaScript files the browser loads first for a page whose leaf route is `routeId`. */
export function firstLoadFiles(manifest, routeId) {
  const chain = [];
  for (let id = routeId; id; id = manifest.routes[id]?.parentId) {
    const route = manifest.routes[id];
    if (!route) throw new Error(`route ${id} is not in the client manifest`);
    chain.unshift(route);
  }
  const files = new Set([manifest.entry.module, ...manifest.entry.imports]);
  for (const route of chain) {
    if (route.module) files.add(route.module);
    for (const file of route.imports ?? []) files.add(file);
  }
  return [...files];
}

/** Brotli quality 4 and gzip level 6: the compression middleware's defaults. */
export function compressedSizes(buffer) {
  return {
    raw: buffer.length,
    brotli: zlib.brotliCompressSync(buffer, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } }).length,
    gzip: zlib.gzipSync(buffer, { level: 6 }).length,
  };
}

/** What one file costs on the wire: its headers, and its brotli bytes unless it is too small to be compressed. */
export function sentBytes({ raw, brotli }) {
  return RESPONSE_HEADER_BYTES + (raw < COMPRESSION_THRESHOLD_BYTES ? raw : brotli);
}

/** One row per page: files and bytes (raw, brotli, gzip, as sent), and whether it is over the budget (as sent). */
export function measurePages(buildDir, pages = STOREFRONT_PAGES, budgetKb = BUDGET_KB) {
  const manifest = readManifest(buildDir);
  const sizes = new Map();
  const sizeOf = (url) => {
    if (!sizes.has(url)) {
      const file = path.join(buildDir, "client", url.replace(/^\//, ""));
      if (!fs.existsSync(file)) throw new Error(`${url} is listed in the manifest but missing from ${buildDir}/client`);
      sizes.set(url, compressedSizes(fs.readFileSync(file)));
    }
    return sizes.get(url);
  };
  return pages.map(([page, routeId]) => {
    const files = firstLoadFiles(manifest, routeId);
    const total = { raw: 0, brotli: 0, gzip: 0, sent: 0 };
    for (const url of files) {
      const s = sizeOf(url);
      total.raw += s.raw;
      total.brotli += s.brotli;
      total.gzip += s.gzip;
      total.sent += sentBytes(s);
    }
    return { page, routeId, files, ...total, over: total.sent > budgetKb * 1024 };
  });
}

const kb = (bytes) => (bytes / 1024).toFixed(1);

function main() {
  const buildDir = path.resolve(process.argv[2] || process.env.AURORE_BUILD_DIR || "build");
  let rows;
  try {
    rows = measurePages(buildDir);
  } catch (error) {
    console.error(`check-js-budget: ${error instanceof Error ? error.message : error}`);
    process.exit(1);
  }
  console.log(
    `First-load JavaScript per storefront page (${path.relative(process.cwd(), buildDir) || "."}), budget ${BUDGET_KB} KB as sent`,
  );
  console.table(
    rows.map((r) => ({
      page: r.page,
      route: r.routeId,
      files: r.files.length,
      "raw KB": kb(r.raw),
      "gzip KB": kb(r.gzip),
      "brotli KB": kb(r.brotli),
      "as sent KB (≈ bench:web)": kb(r.sent),
      budget: r.over ? "OVER" : "ok",
    })),
  );
  const over = rows.filter((r) => r.over);
  if (over.length) {
    console.error(
      `check-js-budget: ${over.map((r) => r.page).join(", ")} over ${BUDGET_KB} KB as sent. Load back-office, account-only and ` +
        "on-demand code (dialogs, drawers) with a dynamic import() instead of a static one from the layout or root, " +
        "and keep what every page loads in few files (vite.config.ts groups it): each file costs its headers.",
    );
    process.exit(1);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(fs.realpathSync(process.argv[1])).href) main();
