import type { Route } from "./+types/postal-code-communes";
import { apiLoader } from "~/.server/api/route";
import { jsonOk } from "~/.server/http";
import { communesOfPostalCode, isKnownFrenchPostalCode } from "~/.server/postal-codes/postal-codes";

/**
 * GET /api/v1/postal-codes/{code}/communes: the communes of a French postal code, offered in the
 * city field of the address forms. Any text is answered (an unknown code: an empty list), never
 * refused; the list only changes with a release, so browsers keep the answer a day.
 */
export const loader = apiLoader(async ({ params }: Route.LoaderArgs) => {
  const code = (params.code ?? "").slice(0, 10);
  const data = { postal_code: code, known: isKnownFrenchPostalCode(code), communes: communesOfPostalCode(code) };
  return jsonOk({ data }, { maxAge: 86_400 });
});
