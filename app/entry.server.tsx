import { Writable } from "node:stream";

import type { ActionFunctionArgs, AppLoadContext, EntryContext, LoaderFunctionArgs } from "react-router";
import { isRouteErrorResponse, ServerRouter } from "react-router";
import { renderToPipeableStream } from "react-dom/server";
import { CspNonceContext } from "./lib/csp-nonce";
import { requestIdOf } from "./.server/request-id";
import { isDatabaseUnavailableError, recordDatabaseUnavailable } from "./.server/db/availability";
import { log } from "./.server/logger";
import { I18nProvider } from "@lingui/react";
import { pageI18n, pageI18nPayload } from "./.server/i18n/catalogs";
import { I18nPayloadContext } from "./components/ui/i18n";
import { provideMetaI18n } from "./components/ui/meta-i18n";
import { DEFAULT_LANGUAGE, isLanguage, languageFromCookieHeader } from "./domain/i18n/languages";

/** Called once by the Node server before it listens (migrations, demo data). */
export { bootstrap, shutdown } from "./.server/bootstrap";
/**
 * What the Node server (server/server.mjs, plain JavaScript outside the app's build) hands to
 * the app or calls around each request: its page cache, the read memos and the request scope.
 */
export { attachPageCache } from "./.server/page-cache-bridge";
export { forgetReadMemos, setReadMemosActive } from "./.server/read-memo";
export { announceInvalidation } from "./.server/invalidations";
export { runInRequestScope } from "./.server/request-scope";
/** Health, graceful shutdown and database faults (docs/decisions/039). */
export { checkReadiness } from "./.server/readiness";
export { closeLiveStreams } from "./.server/live-streams";
export { takeDatabaseUnavailable } from "./.server/db/availability";
/** Logs and metrics (docs/decisions/040-logs-and-metrics.md): the server logs through the app's logger. */
export { log } from "./.server/logger";
export { attachMetrics } from "./.server/metrics";
export { readOperationalGauges } from "./.server/metrics-readings";
export { runWithRequestFacts } from "./.server/request-facts";

export const streamTimeout = 5_000;

const METHOD_NOT_ALLOWED = {
  fr: { title: "Envoi non accepté", text: "Cette page ne reçoit pas de formulaire.", home: "Retour à l'accueil" },
  en: { title: "Submission not accepted", text: "This page does not take a form.", home: "Back to the home page" },
} as const;

/**
 * A form posted to a page without an action (or to a debug page, by an administrator): a short
 * page in the visitor's language, instead of the whole shop rendered around an error.
 */
function methodNotAllowedPage(request: Request, headers: Headers): Response {
  const language = languageFromCookieHeader(request.headers.get("cookie")) ?? DEFAULT_LANGUAGE;
  const words = METHOD_NOT_ALLOWED[language === "en" ? "en" : "fr"];
  headers.set("Content-Type", "text/html; charset=utf-8");
  headers.set("Cache-Control", "no-store");
  headers.set("Allow", "GET, HEAD");
  headers.set("Content-Language", language);
  const body =
    `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<title>${words.title} | Aurore</title></head><body style="font-family:system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem">` +
    `<h1 style="font-size:1.5rem">${words.title}</h1><p>${words.text}</p><p><a href="/">${words.home}</a></p></body></html>`;
  return new Response(body, { status: 405, headers });
}

// Route meta functions word titles and descriptions with the same per-language instances.
provideMetaI18n(pageI18n);

/**
 * Every unexpected error of a loader, an action or the render, logged once with the request's id:
 * the page shows the same id ("Référence : …") and never the error's own text.
 */
export function handleError(error: unknown, { request }: LoaderFunctionArgs | ActionFunctionArgs) {
  // A client that went away is not an error of the shop.
  if (request.signal.aborted) return;
  // A form posted to a page that takes none: the client's mistake, answered 405 (handleRequest),
  // and not worth a stack trace in the log that any visitor could fill.
  if (isRouteErrorResponse(error) && error.status === 405) return;
  // A body stopped at its size limit: the Node server has answered 413 (decision 023).
  if (error instanceof Error && error.name === "PayloadTooLargeError") return;
  // The database is unreachable: the Node server answers 503 with Retry-After (decision 039).
  if (isDatabaseUnavailableError(error)) recordDatabaseUnavailable(requestIdOf(request));
  log.error({ err: error, requestId: requestIdOf(request), method: request.method, path: new URL(request.url).pathname }, "request failed");
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  if (responseStatusCode === 405) return methodNotAllowedPage(request, responseHeaders);
  const nonce = loadContext?.cspNonce ?? "";
  // The root loader resolved the page's language (Préférences, cookie, French); a page whose root
  // loader failed still speaks the visitor's cookie language (decision 044).
  const rootData = routerContext.staticHandlerContext.loaderData?.root as { language?: unknown } | undefined;
  const language = isLanguage(rootData?.language)
    ? rootData.language
    : (languageFromCookieHeader(request.headers.get("cookie")) ?? DEFAULT_LANGUAGE);
  responseHeaders.set("Content-Language", language);
  // An error page is never kept by a shared cache, whatever the page's own policy says.
  if (responseStatusCode >= 400) responseHeaders.set("Cache-Control", "no-store");
  // https://httpwg.org/specs/rfc9110.html#HEAD
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, {
      status: responseStatusCode,
      headers: responseHeaders,
    });
  }

  return new Promise((resolve, reject) => {
    let shellRendered = false;

    // Abort the rendering stream after the `streamTimeout` so it has time to
    // flush down the rejected boundaries
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    /**
     * The whole document is rendered before anything is sent, for browsers as for bots: no
     * loader here returns a promise for the page to stream later, and the client-only lazy parts
     * (sign-in dialog, bell, cart drawer) render nothing on the server, so waiting for everything
     * costs no time. In return the document leaves in one buffer with its Content-Length, instead
     * of React's 2 KB chunks each crossing a PassThrough, a web ReadableStream and a socket write
     * (about a fifth of the server's CPU on a back-office page, bench/admin.ts). Should a loader
     * ever defer data, this is the place to go back to streaming with onShellReady.
     */
    const chunks: Buffer[] = [];
    const body = new Writable({
      write(chunk: Buffer | string, _encoding, callback) {
        chunks.push(typeof chunk === "string" ? Buffer.from(chunk) : chunk);
        callback();
      },
      final(callback) {
        // Clear the timeout to prevent retaining the closure and memory leak
        clearTimeout(timeoutId);
        timeoutId = undefined;
        callback();
      },
    });
    body.on("finish", () => {
      const html = Buffer.concat(chunks);
      responseHeaders.set("Content-Type", "text/html; charset=utf-8");
      responseHeaders.set("Content-Length", String(html.length));
      resolve(new Response(html, { headers: responseHeaders, status: responseStatusCode }));
    });

    const { pipe, abort } = renderToPipeableStream(
      <CspNonceContext.Provider value={nonce}>
        <I18nPayloadContext.Provider value={pageI18nPayload(language)}>
          <I18nProvider i18n={pageI18n(language)}>
            <ServerRouter context={routerContext} url={request.url} nonce={nonce || undefined} />
          </I18nProvider>
        </I18nPayloadContext.Provider>
      </CspNonceContext.Provider>,
      {
        nonce: nonce || undefined,
        onAllReady() {
          shellRendered = true;
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Log streaming rendering errors from inside the shell.  Don't log
          // errors encountered during initial shell rendering since they'll
          // reject and get logged in handleDocumentRequest.
          if (shellRendered) {
            log.error({ err: error, requestId: requestIdOf(request) }, "render failed");
          }
        },
      },
    );
  });
}
