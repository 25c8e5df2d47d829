/**
 * GET /i18n/<language>.<hash>.json: a language's compiled page messages (decision 044), the file
 * the browser's entry loads before hydrating. The current hash is cached for good; any other hash
 * (a page rendered by the previous build, still open in a tab) gets today's messages uncached
 * rather than a 404 that would leave the page without its scripts.
 */
import { pageMessagesFile } from "~/.server/i18n/catalogs";
import { isLanguage } from "~/domain/i18n/languages";
import type { Route } from "./+types/i18n-messages";

const FILE = /^([a-z]{2})\.([0-9a-f]{1,64})\.json$/;

export function loader({ params }: Route.LoaderArgs) {
  const match = FILE.exec(params.file ?? "");
  if (!match || !isLanguage(match[1]))
    return new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  const file = pageMessagesFile(match[1]);
  return new Response(file.body, {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Cache-Control": match[2] === file.hash ? "public, max-age=31536000, immutable" : "no-cache",
    },
  });
}
