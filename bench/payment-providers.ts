/**
 * The payment side of bench:checkout (decision 059).
 *
 * - `timedProvider` wraps a provider in a proxy that times, for the order being placed, every
 *   call to one of its methods from the call until its promise settles (the SDK and the network
 *   for Stripe, the simulated acquirer's own SQL for the simulated one). `timeOrder` runs one
 *   placeOrder with its own tally (AsyncLocalStorage), so concurrent orders do not mix.
 *   Overlapping calls of one order count once (the union of the intervals).
 * - `startStripeServerProcess` runs the local Stripe-compatible server
 *   (tests/support/stripe-server) in a child process: its work (JSON, form decoding) neither
 *   shares the shop's event loop nor counts in the shop's CPU time, as with the real Stripe.
 *   This file is also that child's entry point.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { fork } from "node:child_process";
import { fileURLToPath } from "node:url";

/** What one order spent in the provider: calls made, and wall time with at least one in flight. */
export type ProviderTally = { calls: number; waitMs: number };

type OpenTally = ProviderTally & { inFlight: number; since: number };

const orderTally = new AsyncLocalStorage<OpenTally>();

/** The provider, each method call timed for the order running (calls outside `timeOrder` are not). */
export function timedProvider<P extends object>(provider: P): P {
  return new Proxy(provider, {
    get(target, key) {
      const value: unknown = Reflect.get(target, key, target);
      if (typeof value !== "function") return value;
      return (...args: unknown[]) => {
        const tally = orderTally.getStore();
        if (!tally) return value.apply(target, args);
        const started = performance.now();
        const result: unknown = value.apply(target, args);
        if (typeof (result as { then?: unknown } | null)?.then !== "function") return result;
        tally.calls++;
        if (tally.inFlight++ === 0) tally.since = started;
        return Promise.resolve(result).finally(() => {
          if (--tally.inFlight === 0) tally.waitMs += performance.now() - tally.since;
        });
      };
    },
  });
}

/** Runs one order: its latency (ms), and the time and calls its provider took. */
export async function timeOrder<T>(place: () => Promise<T>): Promise<{ result: T; latencyMs: number } & ProviderTally> {
  const tally: OpenTally = { calls: 0, waitMs: 0, inFlight: 0, since: 0 };
  const started = performance.now();
  const result = await orderTally.run(tally, place);
  return { result, latencyMs: performance.now() - started, calls: tally.calls, waitMs: tally.waitMs };
}

/* ------------------------------------------------------------------------------------------ */
/* The local Stripe-compatible server, in a child process                                      */
/* ------------------------------------------------------------------------------------------ */

type Question = { kind: "paymentMethods"; name: string; count: number } | { kind: "requestCount" };
type Ask = Question & { id: number };
type Answer = { id: number; value?: unknown; error?: string };
type Ready = { ready: { url: string; secretKey: string } };

export type StripeServerProcess = {
  url: string;
  secretKey: string;
  /** `count` fresh PaymentMethods of a test card (`pm_card_visa`), as Stripe.js makes them. */
  createPaymentMethods(name: string, count: number): Promise<string[]>;
  /** Requests the server has answered since it started. */
  requestCount(): Promise<number>;
  stop(): Promise<void>;
};

const CHILD_FLAG = "--stripe-server-child";

export async function startStripeServerProcess(options: { latencyMs: number }): Promise<StripeServerProcess> {
  // The child inherits this process's execArgv: tsx's loader, so it runs this .ts file as is.
  const child = fork(fileURLToPath(import.meta.url), [CHILD_FLAG, String(options.latencyMs)], {
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  const pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  let nextId = 0;
  const ready = new Promise<Ready["ready"]>((resolve, reject) => {
    child.once("error", reject);
    child.once("exit", (code) => {
      const error = new Error(`stripe server process exited with ${code}`);
      reject(error);
      for (const waiting of pending.values()) waiting.reject(error);
    });
    child.on("message", (message: Ready | Answer) => {
      if ("ready" in message) return resolve(message.ready);
      const waiting = pending.get(message.id);
      pending.delete(message.id);
      if (message.error) waiting?.reject(new Error(message.error));
      else waiting?.resolve(message.value);
    });
  });
  const ask = <T>(question: Question): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      const id = nextId++;
      pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      child.send({ ...question, id });
    });
  const { url, secretKey } = await ready;
  return {
    url,
    secretKey,
    createPaymentMethods: (name, count) => ask<string[]>({ kind: "paymentMethods", name, count }),
    requestCount: () => ask<number>({ kind: "requestCount" }),
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.disconnect();
      await exited;
    },
  };
}

async function runChild(latencyMs: number): Promise<void> {
  const { startStripeServer } = await import("../tests/support/stripe-server/server");
  const server = await startStripeServer({ latencyMs });
  const send = (message: Ready | Answer) => process.send!(message);
  process.on("message", (question: Ask) => {
    try {
      if (question.kind === "paymentMethods") {
        const ids = Array.from({ length: question.count }, () => server.createPaymentMethod(question.name));
        send({ id: question.id, value: ids });
      } else {
        send({ id: question.id, value: server.requests().length });
      }
    } catch (error) {
      send({ id: question.id, error: error instanceof Error ? error.message : String(error) });
    }
  });
  // The bench is done (or died): the server goes with it.
  process.once("disconnect", () => {
    void server.stop().finally(() => process.exit(0));
  });
  send({ ready: { url: server.url, secretKey: server.secretKey } });
}

if (process.argv[2] === CHILD_FLAG && process.argv[1] === fileURLToPath(import.meta.url) && process.send) {
  runChild(Number(process.argv[3])).catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
