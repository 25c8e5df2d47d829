import { inject } from "vitest";
import { E2E_ADMIN } from "./accounts";
import { rememberTotpSecret } from "./http-session";

/**
 * The shop a journey talks to. The e2e global setup starts one server (with its own database and
 * DATA_DIR) and one browser per Vitest worker, so files running side by side never share data,
 * and files of one worker share one browser instead of starting their own. VITEST_POOL_ID is
 * unique among the workers running at a time (1..maxWorkers).
 */
export type E2EShop = {
  baseURL: string;
  /** The server's DATA_DIR (mail written to files lands in its mail/ folder). */
  dataDir: string;
  /** The server's process id (its memory is read from /proc by the request limits test). */
  serverPid: number;
  /** The server's PostgreSQL database, when the journeys run on PostgreSQL. */
  databaseUrl?: string;
  /** The worker's browser server (playwright's launchServer), for chromium.connect. */
  browserEndpoint?: string;
  /** The owner E2E_ADMIN's authenticator secret: staff enrol in two-factor (decision 066). */
  adminTotpSecret: string;
};

export function workerIndex(count: number): number {
  const id = Number(process.env.VITEST_POOL_ID ?? "1");
  return (Number.isInteger(id) && id > 0 ? id - 1 : 0) % count;
}

/** The worker's shop, or undefined outside the e2e project (no global setup provided one). */
export function e2eShopIfAny(): E2EShop | undefined {
  const shops = inject("e2eShops");
  const shop = shops?.length ? shops[workerIndex(shops.length)] : undefined;
  // signInCookie answers the owner's code step with it.
  if (shop) rememberTotpSecret(E2E_ADMIN.email, shop.adminTotpSecret);
  return shop;
}

export function e2eShop(): E2EShop {
  const shop = e2eShopIfAny();
  if (!shop) throw new Error("No e2e shop: run this file in the e2e project (tests/support/global-setup-e2e.ts)");
  return shop;
}

declare module "vitest" {
  export interface ProvidedContext {
    e2eShops: E2EShop[];
  }
}
