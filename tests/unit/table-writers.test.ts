/**
 * One writer per table (docs/decisions/024-layering.md): each table is written only by the
 * module that owns it; workflows compose those modules' functions. This test reads the server's
 * source and fails on any `.insert(t)`, `.update(t)`, `.delete(t)` or raw `INSERT INTO` /
 * `UPDATE` / `DELETE FROM` of a table outside its owner's folder.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { getTableName, is } from "drizzle-orm";
import { PgTable } from "drizzle-orm/pg-core";
import { describe, expect, it } from "vitest";
import * as schema from "~/.server/db/schema";

const ROOT = join(__dirname, "..", "..");
const SERVER = join(ROOT, "app", ".server");

/** Each table's owner: a folder under app/.server. */
const OWNER: Record<string, string> = {
  // better-auth's tables: written by better-auth itself and by the accounts module.
  user: "modules/accounts",
  session: "modules/accounts",
  account: "modules/accounts",
  verification: "modules/accounts",
  twoFactor: "modules/accounts",
  rateLimit: "auth",
  userProfiles: "modules/accounts",
  userPreferences: "modules/accounts",
  loginHistory: "modules/accounts",
  securityEvents: "modules/accounts",
  securityReports: "modules/accounts",
  savedAddresses: "modules/addresses",
  favorites: "modules/favorites",
  notifications: "modules/notifications",
  beautyPassTransactions: "modules/loyalty",
  paymentMethods: "modules/payment-methods",
  supportTickets: "modules/support",
  chatConversations: "modules/chat",
  chatMessages: "modules/chat",
  supportTicketMessages: "modules/support",
  newsletterSubscriptions: "modules/newsletter",
  shopSettings: "modules/settings",
  // The dated VAT rates (decision 063).
  taxRates: "modules/tax",
  deliveryMethods: "modules/delivery",
  shipments: "modules/delivery",
  shipmentEvents: "modules/delivery",
  exchangeRates: "modules/exchange-rates",
  returns: "modules/returns",
  reviews: "modules/reviews",
  reviewVotes: "modules/reviews",
  reviewReports: "modules/reviews",
  reviewPhotos: "modules/reviews",
  returnItems: "modules/returns",
  returnNumberCounters: "modules/returns",
  categories: "modules/catalog",
  products: "modules/catalog",
  productVariants: "modules/catalog",
  brands: "modules/catalog",
  priceHistory: "modules/catalog",
  restockAlerts: "modules/catalog",
  // Written only by the triggers of drizzle/0011; the catalog module reads it.
  searchLexicon: "modules/catalog",
  // Appended to by the triggers of drizzle/0014; the catalog module reads it and folds it.
  catalogFacetCells: "modules/catalog",
  giftCards: "modules/gift-cards",
  giftCardTransactions: "modules/gift-cards",
  orders: "modules/orders",
  // The per-year counter behind the human order numbers (AUR-2026-000123).
  orderNumberCounters: "modules/orders",
  orderItems: "modules/orders",
  orderStatusChanges: "modules/orders",
  orderRefunds: "modules/orders",
  // Invoices and credit notes, and their gapless per-year counters (FA-2026-000001, AV-2026-000001).
  invoiceDocuments: "modules/invoices",
  invoiceNumberCounters: "modules/invoices",
  stockMovements: "modules/inventory",
  // Sets (decision 070): their composition, owned by the inventory that derives their stock.
  productBundles: "modules/inventory",
  bundleComponents: "modules/inventory",
  carts: "modules/cart",
  cartReminders: "modules/cart-reminders",
  cartItems: "modules/cart",
  outbox: "outbox",
  // Domain events' receipts (decision 054): written by the dispatcher in app/.server/outbox/events.ts.
  eventReceipts: "outbox",
  paymentAttempts: "modules/payments",
  simulatedAcquirerCharges: "modules/payments",
  simulatedAcquirerRefunds: "modules/payments",
  simulatedAcquirerCards: "modules/payments",
  simulatedAcquirerAuthentications: "modules/payments",
  // Stripe's webhooks (decision 059): the events received, the disputes and outside refunds they report.
  stripeWebhookEvents: "modules/payments",
  paymentDisputes: "modules/payments",
  paymentExternalRefunds: "modules/payments",
  paymentInstalments: "modules/payment-schedules",
  // The Beauty Box (decision 071): subscriptions, the months' editions and their charges.
  boxSubscriptions: "modules/beauty-box",
  boxEditions: "modules/beauty-box",
  boxCharges: "modules/beauty-box",
  promoCodes: "modules/promotions",
  promoCodeCategories: "modules/promotions",
  promoRedemptions: "modules/promotions",
  // State every server process shares (decision 038): form limits' counters and job runs.
  formLimitCounters: "limits",
  // The back-office activity log (decision 045).
  adminActivityLog: "modules/activity-log",
  // The admin API's keys (decision 049).
  apiKeys: "modules/api-keys",
  jobRuns: "jobs",
  // Signed webhooks (decision 050).
  webhookEndpoints: "modules/webhooks",
  webhookEvents: "modules/webhooks",
  webhookDeliveries: "modules/webhooks",
  webhookAttempts: "modules/webhooks",
  // The back-office team (decision 066): roles, members, invitations and second-factor checks.
  staffRoles: "modules/staff",
  staffMembers: "modules/staff",
  staffInvitations: "modules/staff",
  staffFactorChecks: "modules/staff",
  // Free samples chosen at checkout (decision 067): their stock and the orders' rows.
  samples: "modules/samples",
  orderSamples: "modules/samples",
};

/** Writes allowed outside the owner, each with its reason. Paths are relative to app/.server. */
const EXCEPTIONS: { file: string; table: string; reason: string }[] = [
  {
    file: "modules/inventory/inventory.service.ts",
    table: "productVariants",
    reason: "inventory owns the stock column of variants: one conditional UPDATE per line (decisions 005, 025)",
  },
  {
    file: "modules/inventory/bundles.service.ts",
    table: "productVariants",
    reason: "inventory derives a set variant's stock from its components' in the same transaction (decision 070)",
  },
  {
    file: "modules/loyalty/loyalty.service.ts",
    table: "userProfiles",
    reason: "loyalty owns the points balance kept on the profile: conditional debits and credits",
  },
  {
    file: "auth/admin-bootstrap.ts",
    table: "user",
    reason: "start-up: promotes the configured administrator before any request is served",
  },
];

/** Folders not checked: seed and demo data loaders write every table on purpose. */
const SKIPPED = ["db/seed", "db/migrations"];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

const tables = new Map<string, string>(); // export name -> SQL name
for (const [name, value] of Object.entries(schema)) if (is(value, PgTable)) tables.set(name, getTableName(value));

type Write = { file: string; table: string; line: number; text: string };

/** Identifiers a file binds to schema tables: `import { orders, user as u } from ".../db/schema"`, `import * as s`. */
function schemaBindings(source: string): { names: Map<string, string>; namespaces: string[] } {
  const names = new Map<string, string>();
  const namespaces: string[] = [];
  for (const m of source.matchAll(/import\s+(type\s+)?\{([^}]*)\}\s+from\s+["'][^"']*db\/schema(?:\/[\w-]+)?["']/g)) {
    if (m[1]) continue;
    for (const part of m[2].split(",")) {
      const spec = part.trim().replace(/^type\s+/, "");
      const [imported, local] = spec.split(/\s+as\s+/).map((s) => s.trim());
      if (imported && tables.has(imported)) names.set(local ?? imported, imported);
    }
  }
  for (const m of source.matchAll(/import\s+\*\s+as\s+(\w+)\s+from\s+["'][^"']*db\/schema(?:\/[\w-]+)?["']/g)) namespaces.push(m[1]);
  return { names, namespaces };
}

function writesIn(path: string): Write[] {
  const source = readFileSync(path, "utf8");
  const file = relative(SERVER, path).split(sep).join("/");
  const { names, namespaces } = schemaBindings(source);
  const lineOf = (index: number) => source.slice(0, index).split("\n").length;
  const found: Write[] = [];
  const resolve = (ref: string): string | undefined => {
    const [head, tail] = ref.split(".");
    if (tail !== undefined) return namespaces.includes(head) && tables.has(tail) ? tail : undefined;
    return names.get(head);
  };
  for (const m of source.matchAll(/\.(insert|update|delete)\(\s*([\w.]+)\s*[,)]/g)) {
    const table = resolve(m[2]);
    if (table) found.push({ file, table, line: lineOf(m.index), text: m[0] });
  }
  // Raw SQL: a table named in SQL, or interpolated as a drizzle table (`INSERT INTO ${t}`).
  const bySqlName = new Map([...tables].map(([name, sqlName]) => [sqlName, name]));
  for (const m of source.matchAll(/\b(INSERT\s+INTO|UPDATE|DELETE\s+FROM)\s+(?:\$\{\s*([\w.]+)\s*\}|"?(\w+)"?)/gi)) {
    const table = m[2] ? resolve(m[2]) : bySqlName.get(m[3]);
    if (table && (m[2] || /SET|WHERE|\(|VALUES|SELECT/i.test(source.slice(m.index, m.index + 200)))) {
      found.push({ file, table, line: lineOf(m.index), text: m[0] });
    }
  }
  return found;
}

function allowed(write: Write): boolean {
  const owner = OWNER[write.table];
  if (owner && write.file.startsWith(`${owner}/`)) return true;
  return EXCEPTIONS.some((e) => e.file === write.file && e.table === write.table);
}

const files = sourceFiles(SERVER).filter((path) => {
  const file = relative(SERVER, path).split(sep).join("/");
  return !SKIPPED.some((dir) => file.startsWith(`${dir}/`));
});
const writes = files.flatMap(writesIn);

describe("one writer per table", () => {
  it("gives every schema table an owner", () => {
    expect([...tables.keys()].filter((name) => !(name in OWNER))).toEqual([]);
  });

  it("finds the writes it is meant to police", () => {
    // A detector that finds nothing would pass everything.
    expect(writes.some((w) => w.table === "orders" && w.text.startsWith(".insert"))).toBe(true);
    expect(writes.some((w) => w.table === "simulatedAcquirerRefunds" && /INSERT INTO/i.test(w.text))).toBe(true);
  });

  it("writes each table only from its owning module", () => {
    const wrong = writes.filter((w) => !allowed(w)).map((w) => `${w.file}:${w.line} ${w.text} (owner: ${OWNER[w.table]})`);
    expect(wrong).toEqual([]);
  });

  it("keeps every exception in use", () => {
    const unused = EXCEPTIONS.filter((e) => !writes.some((w) => w.file === e.file && w.table === e.table));
    expect(unused).toEqual([]);
  });
});
