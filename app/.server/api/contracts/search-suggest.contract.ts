import { z } from "zod";
import type { ApiOperation } from "~/.server/api/api-operation";

/** Response shape and operation of GET /api/v1/search/suggest, for the generated OpenAPI document. */
const SuggestedLinkSchema = z.object({ name: z.string(), slug: z.string(), url: z.string().describe("Page path") });

export const SearchSuggestionsSchema = z
  .object({
    products: z
      .array(
        z.object({
          id: z.uuid(),
          name: z.string(),
          brand: z.string().nullable(),
          price_cents: z.int().positive().describe("Price including VAT of the cheapest variant, in euro cents"),
          image_url: z.string().nullable(),
          url: z.string().describe("Product page path"),
        }),
      )
      .max(6),
    brands: z.array(SuggestedLinkSchema).max(3),
    categories: z.array(SuggestedLinkSchema).max(3),
    corrected_query: z.string().nullable().describe("The words searched once misspelt ones were corrected (unaccented), or null"),
  })
  .meta({ id: "SearchSuggestions" });

export const SearchSuggestQuerySchema = z.object({
  q: z.string().optional().describe("What the shopper has typed so far; suggestions start at 2 characters, the last word is a prefix"),
});

export const operations: ApiOperation[] = [
  {
    method: "get",
    path: "/api/v1/search/suggest",
    summary:
      "Suggestions pendant la saisie : jusqu'à 6 produits, 3 marques et 3 catégories (accents et fautes de frappe tolérés). Texte trop court, trop long ou sans mot : listes vides.",
    tags: ["Catalogue"],
    query: SearchSuggestQuerySchema,
    responses: { 200: { description: "Suggestions", schema: SearchSuggestionsSchema } },
  },
];
