/**
 * What the app learns about a request that the Node server writes in its request log line
 * (docs/decisions/040-logs-and-metrics.md): today the signed-in user's id. The server opens one
 * facts object per request (`runWithRequestFacts`, through the server entry) and reads it when
 * the response is finished; the session lookup notes the user it found. No query is added: the
 * note is taken from the session the page looks up anyway. Outside the Node server (dev server,
 * tests, scripts) there is no facts object and noting does nothing.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { remember } from "~/lib/remember";

export type RequestFacts = { userId?: string };

/** Remembered so that a reloaded module still sees the facts the server opened. */
const storage = remember("request-facts", () => new AsyncLocalStorage<RequestFacts>());

/** Runs `handle` (the rest of one request) with `facts` as the object the app fills in. */
export function runWithRequestFacts<T>(facts: RequestFacts, handle: () => T): T {
  return storage.run(facts, handle);
}

/** Records the signed-in user of the current request, if the server asked for facts. */
export function noteSignedInUser(userId: string): void {
  const facts = storage.getStore();
  if (facts) facts.userId = userId;
}
