import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import {
  BUDGET_KB,
  COMPRESSION_THRESHOLD_BYTES,
  RESPONSE_HEADER_BYTES,
  STOREFRONT_PAGES,
  measurePages,
  sentBytes,
  type ClientManifest,
} from "../../scripts/check-js-budget.mjs";

const script = path.resolve("scripts/check-js-budget.mjs");
const dirs: string[] = [];

afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/**
 * A client build as React Router writes it: a manifest with the root, the shop layout and every storefront
 * page, the layout importing `files` (random bytes, which brotli cannot shrink: their compressed size is known).
 */
function fakeBuild(files: Array<{ name: string; bytes: number }>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "js-budget-"));
  dirs.push(dir);
  const assets = path.join(dir, "client", "assets");
  fs.mkdirSync(assets, { recursive: true });
  const write = (name: string, bytes: number) => {
    fs.writeFileSync(path.join(assets, name), randomBytes(bytes));
    return `/assets/${name}`;
  };
  const manifest: ClientManifest = {
    entry: { module: write("entry.client.js", 2000), imports: [] },
    routes: {
      root: { module: write("root.js", 2000) },
      "routes/shop/layout": {
        parentId: "root",
        module: write("layout.js", 2000),
        imports: files.map((f) => write(f.name, f.bytes)),
      },
    },
  };
  for (const [, routeId] of STOREFRONT_PAGES) {
    manifest.routes[routeId] = { parentId: "routes/shop/layout", module: write(`${routeId.replaceAll("/", "-")}.js`, 2000) };
  }
  fs.writeFileSync(path.join(assets, "manifest-test.js"), `window.__reactRouterManifest=${JSON.stringify(manifest)};`);
  return dir;
}

const smallFiles = (count: number, bytes: number) => Array.from({ length: count }, (_, i) => ({ name: `chunk-${i}.js`, bytes }));

describe("check-js-budget", () => {
  it("counts each file's headers, and a file under the compression threshold at its raw size", () => {
    expect(sentBytes({ raw: 600, brotli: 350 })).toBe(RESPONSE_HEADER_BYTES + 600);
    expect(sentBytes({ raw: COMPRESSION_THRESHOLD_BYTES, brotli: 500 })).toBe(RESPONSE_HEADER_BYTES + 500);
    expect(sentBytes({ raw: 50_000, brotli: 12_000 })).toBe(RESPONSE_HEADER_BYTES + 12_000);
  });

  it("gates on what is sent: many small files are over the budget even when their brotli bytes are under it", () => {
    // 150 files of 900 bytes: about 133 KB of brotli, but 150 × (900 + headers) ≈ 193 KB on the wire.
    const [home] = measurePages(fakeBuild(smallFiles(150, 900)), [["home", "routes/shop/home"]]);
    expect(home.files).toHaveLength(154);
    expect(home.brotli).toBeLessThan(BUDGET_KB * 1024);
    expect(home.sent).toBeGreaterThan(BUDGET_KB * 1024);
    expect(home.over).toBe(true);
  });

  it("passes the same bytes in a few files, and counts a file listed twice once", () => {
    const build = fakeBuild([...smallFiles(1, 60_000), { name: "chunk-0.js", bytes: 60_000 }]);
    const [home] = measurePages(build, [["home", "routes/shop/home"]]);
    expect(home.files).toHaveLength(5);
    expect(home.sent).toBe(home.brotli + 5 * RESPONSE_HEADER_BYTES);
    expect(home.over).toBe(false);
  });

  it("refuses a manifest that lists a file the build does not have", () => {
    const build = fakeBuild(smallFiles(1, 2000));
    fs.rmSync(path.join(build, "client", "assets", "chunk-0.js"));
    expect(() => measurePages(build)).toThrow(/chunk-0\.js is listed in the manifest but missing/);
  });

  it("exits 1 from the command line when a page is over, 0 when every page is under", () => {
    const over = spawnSync(process.execPath, [script, fakeBuild(smallFiles(150, 900))], { encoding: "utf8" });
    expect(over.status).toBe(1);
    expect(over.stderr).toMatch(new RegExp(`home, catalogue, .* over ${BUDGET_KB} KB as sent`));

    const under = spawnSync(process.execPath, [script, fakeBuild(smallFiles(2, 30_000))], { encoding: "utf8" });
    expect(under.stderr).toBe("");
    expect(under.status).toBe(0);
  });

  it("exits 1 when there is no build to read", () => {
    const empty = fs.mkdtempSync(path.join(os.tmpdir(), "js-budget-"));
    dirs.push(empty);
    const run = spawnSync(process.execPath, [script, empty], { encoding: "utf8" });
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/no client build/);
  });

  it("measures the storefront's landing pages, each a route of app/routes.ts", () => {
    const routes = fs.readFileSync("app/routes.ts", "utf8");
    const ids = STOREFRONT_PAGES.map(([, routeId]) => routeId);
    expect(ids).toEqual(expect.arrayContaining(["routes/shop/home", "routes/shop/products", "routes/shop/product"]));
    for (const id of ids) expect(routes).toContain(`"${id}.tsx"`);
  });
});
