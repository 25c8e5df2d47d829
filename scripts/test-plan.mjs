// Which test files run in which phase of `npm test`, and on which database (decision 053).
// vitest.config.ts takes its projects' folders from here, and scripts/test.mjs runs the phases
// and checks, from Vitest's report, that each phase ran exactly the files planned for it.
import fs from "node:fs";
import path from "node:path";

/** The Vitest projects: the folders each one's test files live under. */
export const PROJECTS = {
  unit: ["app", "bench", "tests/unit"],
  e2e: ["tests/e2e"],
  multi: ["tests/multi"],
};

const TEST_FILE = /\.test\.tsx?$/;

/**
 * How many journey files run side by side (the e2e project's maxWorkers), and so how many shop
 * servers and browsers the e2e global setup starts. Two on a 2-core machine: a journey spends
 * much of its time waiting on the page, the server or a poll, and a second file fills that time;
 * three were slower than two here (923 s against 712 s for the whole e2e project).
 */
export function e2eWorkerCount(env = process.env) {
  const asked = Number(env.E2E_WORKERS);
  return Number.isInteger(asked) && asked >= 1 && asked <= 8 ? asked : 2;
}

/** Vitest `include` globs of a project, from its folders. */
export function projectIncludes(project) {
  return PROJECTS[project].map((folder) => `${folder}/**/*.test.{ts,tsx}`);
}

/**
 * Unit and workflow files that also run on PGlite, the embedded database `npm start` uses: those
 * that exercise the dialect, the engine or concurrency. Every unit file runs on PostgreSQL.
 * A folder ends with "/" and takes every test file under it.
 */
export const PGLITE_UNIT = [
  // migrations, upgrades, start-up, the engine's thread, keyset paging, availability, connection loss
  "app/.server/db/",
  "tests/unit/health-and-shutdown.test.ts",
  // backups
  "app/.server/backup/backup.test.ts",
  // invalidation across handles, memos and the live hub
  "app/.server/invalidations.test.ts",
  "app/.server/db-memo.test.ts",
  "app/.server/live-hub.test.ts",
  "app/.server/modules/notifications/notification-stream.test.ts",
  // search and facets (French stemming, trigrams, unaccent)
  "app/.server/modules/catalog/catalog.service.test.ts",
  "app/.server/modules/catalog/facets.service.test.ts",
  "app/.server/modules/catalog/facet-cells.service.test.ts",
  "app/.server/modules/catalog/search-suggest.service.test.ts",
  "app/.server/workflows/product-list.test.ts",
  // locks and races: stock, money, points, numbers, leases, the outbox
  "app/.server/auth/attempt-limits.test.ts",
  "app/.server/jobs/daily-job.test.ts",
  "app/.server/outbox/outbox.service.test.ts",
  "app/.server/outbox/events.test.ts",
  "app/.server/modules/inventory/inventory.service.test.ts",
  "app/.server/modules/gift-cards/gift-cards.service.test.ts",
  // two preparations of one parcel racing: one label kept (bytea on both engines)
  "app/.server/workflows/shipments.test.ts",
  "app/.server/modules/loyalty/loyalty.service.test.ts",
  "app/.server/workflows/review-photos.test.ts",
  "app/.server/modules/promotions/promo-codes.service.test.ts",
  "app/.server/modules/orders/orders.service.test.ts",
  "app/.server/modules/orders/order-number.service.test.ts",
  "app/.server/modules/invoices/invoices.service.test.ts",
  "app/.server/modules/payments/payment-attempts.service.test.ts",
  "app/.server/modules/payment-methods/payment-methods.service.test.ts",
  "app/.server/workflows/place-order.test.ts",
  "app/.server/workflows/place-order-delivery.test.ts",
  "app/.server/workflows/place-order-payments.test.ts",
  "app/.server/workflows/place-order-variants.test.ts",
  "app/.server/workflows/refund-order-amount.test.ts",
  "app/.server/workflows/returns.test.ts",
  "app/.server/workflows/instalments.test.ts",
  // an instalment the bank wants authenticated: two clicks or two ends of the dialog at once pay once
  "app/.server/workflows/instalment-authentication.test.ts",
  // Stripe's webhook: an event claimed once under concurrent deliveries, beside the checkout's own steps
  "app/.server/workflows/stripe-webhooks.test.ts",
  // its events' purge: batched deletes through the daily job's claim
  "app/.server/modules/payments/stripe/stripe-webhook-events.service.test.ts",
  // Stripe's checkout: a double submit charges once; a crash between the charge and the order is refunded once
  "app/.server/workflows/place-order-stripe.test.ts",
  "app/.server/modules/payments/stripe/stripe-reconciliation.test.ts",
  // files whose expectations differ by engine
  "app/.server/modules/accounts/account-recovery.service.test.ts",
  "app/.server/modules/settings/shop-identity-documents.test.ts",
];

/**
 * Browser journeys that also run on PGlite: the storefront, a checkout, sign-in, an admin edit
 * and graceful shutdown. Every journey runs on PostgreSQL.
 */
export const PGLITE_E2E = [
  "tests/e2e/shop/storefront.test.ts",
  "tests/e2e/checkout/checkout.test.ts",
  "tests/e2e/accounts/auth.test.ts",
  "tests/e2e/admin/products.test.ts",
  "tests/e2e/operations/graceful-shutdown.test.ts",
];

function walk(root, folder, out) {
  const dir = path.join(root, folder);
  if (!fs.existsSync(dir)) return;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === "node_modules" || (entry.name.startsWith(".") && entry.name !== ".server")) continue;
    const rel = `${folder}/${entry.name}`;
    if (entry.isDirectory()) walk(root, rel, out);
    else if (TEST_FILE.test(entry.name)) out.push(rel);
  }
}

/** Every test file of each project, as paths relative to `root` with "/" separators, sorted. */
export function listTestFiles(root = process.cwd()) {
  const files = {};
  for (const [project, folders] of Object.entries(PROJECTS)) {
    const out = [];
    for (const folder of folders) walk(root, folder, out);
    files[project] = out.sort();
  }
  return files;
}

/** The files of `all` that `selection` names (a file, or a folder ending with "/"); throws on an entry that names none. */
export function selectFiles(all, selection) {
  const chosen = new Set();
  for (const entry of selection) {
    const matches = entry.endsWith("/") ? all.filter((file) => file.startsWith(entry)) : all.filter((file) => file === entry);
    if (matches.length === 0) throw new Error(`The test plan names ${entry}, which is no test file of its project`);
    for (const file of matches) chosen.add(file);
  }
  return all.filter((file) => chosen.has(file));
}

/**
 * The phases of `npm test`, in order. With a PostgreSQL server (`postgres`): every unit and
 * journey file on it, the multi-instance suite, and the PGlite selections. Without one, every
 * unit and journey file on PGlite (the multi-instance suite needs PostgreSQL and is left out).
 * A phase with `all: true` runs its whole project; the others name their files.
 */
export function planPhases(files, { postgres }) {
  if (!postgres) {
    return [
      { name: "unit · PGlite", project: "unit", database: "pglite", all: true, files: files.unit },
      { name: "e2e · PGlite", project: "e2e", database: "pglite", all: true, files: files.e2e },
    ];
  }
  return [
    { name: "unit · PostgreSQL", project: "unit", database: "postgres", all: true, files: files.unit },
    { name: "unit · PGlite", project: "unit", database: "pglite", all: false, files: selectFiles(files.unit, PGLITE_UNIT) },
    { name: "e2e · PostgreSQL", project: "e2e", database: "postgres", all: true, files: files.e2e },
    { name: "e2e · PGlite smoke", project: "e2e", database: "pglite", all: false, files: selectFiles(files.e2e, PGLITE_E2E) },
    { name: "multi · PostgreSQL", project: "multi", database: "postgres", all: true, files: files.multi },
  ];
}

/** Files of `files` that no phase runs (should be none). */
export function unplannedFiles(files, phases) {
  const planned = new Set(phases.flatMap((phase) => phase.files));
  return Object.values(files)
    .flat()
    .filter((file) => !planned.has(file));
}

/**
 * What went wrong with one phase's run, from Vitest's exit status and JSON report (null: none).
 * A failed file fails the phase whatever the exit status; so does a phase that ran no test, or
 * that ran other files than planned.
 */
export function phaseProblems(phase, status, report, root = process.cwd()) {
  const problems = [];
  if (!report) return [`no report from Vitest (exit status ${status})`];
  if (status !== 0) problems.push(`Vitest exited with status ${status}`);
  if ((report.numFailedTests ?? 0) > 0) problems.push(`${report.numFailedTests} failed test(s)`);
  if ((report.numFailedTestSuites ?? 0) > 0) problems.push(`${report.numFailedTestSuites} failed file(s) or suite(s)`);
  if ((report.numPassedTests ?? 0) + (report.numFailedTests ?? 0) === 0) problems.push("no test ran");
  const ran = new Set((report.testResults ?? []).map((result) => path.relative(root, result.name).split(path.sep).join("/")));
  const missing = phase.files.filter((file) => !ran.has(file));
  const extra = [...ran].filter((file) => !phase.files.includes(file));
  if (missing.length) problems.push(`planned but not run: ${missing.join(", ")}`);
  if (extra.length) problems.push(`run but not planned: ${extra.join(", ")}`);
  return problems;
}

/** The `count` slowest files of the runs, each with its phase and duration in seconds. */
export function slowestFiles(runs, count = 10, root = process.cwd()) {
  return runs
    .flatMap(({ phase, report }) =>
      (report?.testResults ?? []).map((result) => ({
        phase: phase.name,
        file: path.relative(root, result.name).split(path.sep).join("/"),
        seconds: Math.max(0, ((result.endTime ?? 0) - (result.startTime ?? 0)) / 1000),
      })),
    )
    .sort((a, b) => b.seconds - a.seconds)
    .slice(0, count);
}
