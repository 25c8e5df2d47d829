import { UNSAFE_ErrorResponseImpl as ErrorResponse } from "react-router";
import { describe, expect, it } from "vitest";
import { describeRouteError } from "./route-error-boundary";

describe("what an error page says", () => {
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
});
