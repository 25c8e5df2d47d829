import { UNSAFE_ErrorResponseImpl as ErrorResponse } from "react-router";
import { describe, expect, it } from "vitest";
import { pageI18n } from "~/.server/i18n/catalogs";
import { translateMessage, type Translate } from "~/components/ui/i18n";
import type { Language } from "~/domain/i18n/languages";
import { describeRouteError as describeIn } from "~/components/layout/route-error-boundary";

/** The page's translate and message-translate functions, as the boundary's hooks give them. */
function translators(language: Language): [Translate, (text: string) => string] {
  const i18n = pageI18n(language);
  return [(key, values) => i18n._(key, values), (text) => translateMessage(i18n, text)];
}
const describeRouteError = (error: unknown, language: Language = "fr", page?: string) => describeIn(error, ...translators(language), page);

describe("what an error page says", () => {
  it("a back-office page signed out of: the team's sign-in page, coming back to it (decision 066)", () => {
    expect(describeRouteError(new ErrorResponse(401, "", "Connexion requise"), "fr", "/admin/clients?page=2").back).toEqual({
      to: "/admin/connexion?retour=%2Fadmin%2Fclients%3Fpage%3D2",
      label: "Se connecter",
    });
    expect(describeRouteError(new ErrorResponse(401, "", "Connexion requise"), "en", "/profile").back.to).toBe("/");
    expect(describeRouteError(new ErrorResponse(403, "", "Accès refusé"), "fr", "/admin/parametres").back.to).toBe("/");
  });

  it("an exception: a French message and the reference, never its own text", () => {
    const view = describeRouteError(new Error('Failed query: select "id", "name" from "categories" where "slug" = $1'));
    expect(view).toMatchObject({ title: "Une erreur est survenue", reference: true });
    expect(JSON.stringify(view)).not.toMatch(/Failed query|select|categories/);
  });

  it("a 5xx response: the same, whatever its data says", () => {
    const view = describeRouteError(new ErrorResponse(500, "Internal", "duplicate key value violates unique constraint"));
    expect(view.reference).toBe(true);
    expect(JSON.stringify(view)).not.toContain("duplicate key");
  });

  it("a refusal the app threw on purpose shows its French message", () => {
    expect(describeRouteError(new ErrorResponse(400, "", "Ce champ contient des caractères non autorisés."))).toMatchObject({
      title: "Requête invalide",
      text: "Ce champ contient des caractères non autorisés.",
      reference: false,
    });
    expect(describeRouteError(new ErrorResponse(404, "", "Catégorie non trouvée"))).toMatchObject({ title: "Catégorie non trouvée" });
  });

  it("React Router's own responses never show their English developer text", () => {
    const view = describeRouteError(
      new ErrorResponse(405, "Method Not Allowed", 'Error: You made a POST request to "/faq" but did not provide an `action`', true),
    );
    expect(view).toMatchObject({ title: "Requête invalide", text: "La requête envoyée n'a pas pu être traitée." });
  });

  it("speaks English on an English page, the app's own French messages translated too", () => {
    expect(describeRouteError(new ErrorResponse(404, "", "Catégorie non trouvée"), "en")).toMatchObject({
      title: "Category not found",
      text: "The page you are looking for does not exist or has moved.",
      back: { to: "/products", label: "See all products" },
    });
    const view = describeRouteError(new Error("boom"), "en");
    expect(view).toMatchObject({ title: "Something went wrong", reference: true, back: { to: "/", label: "Back to the home page" } });
  });
});
