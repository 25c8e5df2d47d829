/**
 * A feature's UI lives in its feature (docs/decisions/058-feature-public-surface.md): one feature
 * imports another only through the explicit files of that feature's public/ folder, and
 * app/components keeps only the cross-feature primitives (ui/, layout/). The lint refuses a deep
 * cross-feature import; the sources are also read here apart from the lint, so a disabled rule or
 * a lint exemption cannot hide one.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, normalize, relative } from "node:path";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

const ROOT = join(__dirname, "..", "..");
const FEATURES = join(ROOT, "app", "features");
const COMPONENTS = join(ROOT, "app", "components");

const folders = (dir: string) =>
  readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

/** Each feature file's imports of another feature outside its public/ folder, as "file -> import". */
function deepCrossFeatureImports(): string[] {
  const found: string[] = [];
  for (const feature of folders(FEATURES)) {
    const files = readdirSync(join(FEATURES, feature), { recursive: true, encoding: "utf8" }).filter((f) => /\.tsx?$/.test(f));
    for (const file of files) {
      const path = join(FEATURES, feature, file);
      const source = readFileSync(path, "utf8");
      for (const [, spec] of source.matchAll(/(?:from\s+|import\(\s*)"([^"]+)"/g)) {
        const resolved = spec.startsWith("~/")
          ? join(ROOT, "app", spec.slice(2))
          : spec.startsWith(".")
            ? normalize(join(dirname(path), spec))
            : null;
        if (!resolved) continue;
        const [owner, folder] = relative(FEATURES, resolved).split("/");
        if (owner === ".." || folder === undefined) continue;
        if (owner !== feature && folder !== "public") found.push(`${relative(ROOT, path)} -> ${spec}`);
      }
    }
  }
  return found;
}

describe("features own their UI", () => {
  it("no feature imports another feature except through its public/ folder", () => {
    expect(deepCrossFeatureImports(), "expose what the other feature needs in its public/ folder").toEqual([]);
  });

  it("app/components holds only ui/ and layout/", () => {
    expect(folders(COMPONENTS).sort(), "a domain's components belong to app/features/<feature>").toEqual(["layout", "ui"]);
  });

  it("a public surface is explicit files, never a barrel index", () => {
    const barrels = folders(FEATURES).filter((feature) =>
      ["index.ts", "index.tsx"].some((name) => existsSync(join(FEATURES, feature, "public", name))),
    );
    expect(barrels).toEqual([]);
  });

  it("fails the lint of a deep cross-feature import and passes a public/ one", async () => {
    const eslint = new ESLint({ cwd: ROOT });
    const restricted = async (probe: string, filePath: string) => {
      const [result] = await eslint.lintText(probe, { filePath });
      return result.messages.filter((m) => m.ruleId === "import-x/no-restricted-paths").map((m) => m.line);
    };
    const probe = [
      'import { OrderCard } from "~/features/orders/components/order-card";',
      'import { OrdersTab } from "../orders/components/orders-tab";',
      'import { OrderStatusBadge } from "~/features/orders/public/order-status-badge";',
      'import { PaymentSchedule } from "../orders/public/payment-schedule";',
      "export const probe = [OrderCard, OrdersTab, OrderStatusBadge, PaymentSchedule];",
      "",
    ].join("\n");
    expect(await restricted(probe, join(FEATURES, "admin", "probe.tsx"))).toEqual([1, 2]);
    // Inside its own feature, everything is open.
    expect(await restricted(probe, join(FEATURES, "orders", "probe.tsx"))).toEqual([]);
    // app/components stays feature-agnostic, public/ or not (the relative lines point elsewhere from there).
    expect(await restricted(probe, join(COMPONENTS, "ui", "probe.tsx"))).toEqual([1, 3]);
    expect(await restricted(probe, join(COMPONENTS, "layout", "probe.tsx"))).toEqual([1, 3]);
  }, 60_000);
});
