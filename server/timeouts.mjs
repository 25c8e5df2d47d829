// How long the Node server waits for a client's request (decision 023), chosen here
// rather than left to Node's defaults (60 s for the headers, 300 s for the whole request, checked
// every 30 s), so that slow clients holding connections open are cut at known bounds.

/** Seconds a client has to send its request line and headers. A browser sends them at once. */
export const HEADERS_TIMEOUT_SECONDS = 20;
/**
 * Seconds a client has to send its whole request, body included. The largest body the shop takes
 * is a catalogue import of up to 221 MB (request-guards.mjs), which a 10 Mbit/s line sends in
 * about three minutes; anything slower than that is cut.
 */
export const REQUEST_TIMEOUT_SECONDS = 300;
/** Seconds an idle kept-alive connection stays open between two requests. */
export const KEEP_ALIVE_TIMEOUT_SECONDS = 5;

const seconds = (value, fallback) => {
  const n = Number(value);
  return Number.isFinite(n) && n > 0 ? n : fallback;
};

/**
 * The options of `http.createServer`. HTTP_HEADERS_TIMEOUT_SECONDS and
 * HTTP_REQUEST_TIMEOUT_SECONDS override the bounds (the tests shorten them); the request bound is
 * never below the headers one, as Node requires.
 */
export function serverTimeouts(env = process.env) {
  const headers = seconds(env.HTTP_HEADERS_TIMEOUT_SECONDS, HEADERS_TIMEOUT_SECONDS);
  const request = Math.max(headers, seconds(env.HTTP_REQUEST_TIMEOUT_SECONDS, REQUEST_TIMEOUT_SECONDS));
  return {
    headersTimeout: headers * 1000,
    requestTimeout: request * 1000,
    keepAliveTimeout: KEEP_ALIVE_TIMEOUT_SECONDS * 1000,
    // How often Node checks the two bounds: a quarter of the headers bound, at most 5 s, so a
    // slow client is cut within a quarter of the bound after it.
    connectionsCheckingInterval: Math.min(5_000, Math.max(250, (headers * 1000) / 4)),
  };
}
