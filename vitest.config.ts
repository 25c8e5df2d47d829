import { defineConfig } from "vitest/config";
import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import { e2eWorkerCount, projectIncludes } from "./scripts/test-plan.mjs";

// The journeys build and serve their own copy of the shop (react-router.config.ts), never the
// build/ that `npm start` may be serving from this checkout; set here so every worker inherits it.
process.env.AURORE_BUILD_DIR ||= ".tmp/test-build";

const alias = { "~": fileURLToPath(new URL("./app", import.meta.url)) };

export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: "unit",
          include: projectIncludes("unit"),
          environment: "node",
          // Every file has its own database (tests/support/db.ts), so files can run side by side.
          // Vitest's default is one worker fewer than the cores: one on a 2-core CI machine, where
          // the service tests then took 12 minutes a pass with the second core mostly idle.
          maxWorkers: Math.max(2, availableParallelism() - 1),
          // A worker keeps its modules from one file to the next instead of loading the app again
          // for each file: loading was two thirds of the unit run (243 s -> 99 s on PostgreSQL).
          // Each file still has its own database, and state a test leaves in a module must not
          // matter to another file (decision 053).
          isolate: false,
          globalSetup: ["tests/support/global-setup-db.ts"],
          testTimeout: 30_000,
          hookTimeout: 120_000,
          // expect.poll waits for what the code does asynchronously; 1 s (the default) is too short on a loaded CI machine.
          expect: { poll: { timeout: 10_000 } },
        },
      },
      {
        resolve: { alias },
        test: {
          name: "e2e",
          include: projectIncludes("e2e"),
          environment: "node",
          globalSetup: ["tests/support/global-setup-e2e.ts"],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // Pages hydrate, sync carts and stream notifications: poll for up to 10 s, not 1 s, on a loaded machine.
          expect: { poll: { timeout: 10_000 } },
          // Each worker has its own server, database and browser (global-setup-e2e.ts), so files
          // run side by side without seeing each other's data.
          maxWorkers: e2eWorkerCount(),
        },
      },
      {
        resolve: { alias },
        test: {
          // Three built instances behind HAProxy on one PostgreSQL (tests/multi/support/cluster.ts);
          // skipped without TEST_DATABASE_URL.
          name: "multi",
          include: projectIncludes("multi"),
          environment: "node",
          testTimeout: 120_000,
          hookTimeout: 300_000,
          expect: { poll: { timeout: 10_000 } },
          fileParallelism: false,
        },
      },
    ],
  },
});
