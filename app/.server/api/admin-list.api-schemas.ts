import { z } from "zod";
import { ADMIN_LIST_DEFAULT_LIMIT, ADMIN_LIST_MAX_LIMIT } from "./admin-api";

/**
 * The paging of the admin API's lists in the OpenAPI document (decision 049), the twin of
 * `answerAdminList` (admin-api-lists.ts): the walk by (updated_at, id) answered as
 * `{ data, next_cursor }`, and for the lists that had them, the numbered pages when none of
 * `cursor`, `updated_since`, `limit` is given.
 */
export const ListWindowQuerySchema = z.object({
  cursor: z.string().optional().describe("Le next_cursor de la page précédente (opaque)"),
  updated_since: z.iso
    .datetime({ offset: true })
    .optional()
    .describe("Seulement ce qui a changé depuis cette date (ISO 8601) : synchronisation incrémentale"),
  limit: z
    .string()
    .optional()
    .describe(`Lignes par page, ${ADMIN_LIST_DEFAULT_LIMIT} par défaut, ${ADMIN_LIST_MAX_LIMIT} au plus (parcours par curseur)`),
});

/**
 * The 200 of an admin list over rows of `item`: one page of the walk, each row with its update
 * time; or, given `pages` (the list's numbered page), either of the two. `id` names the walk's
 * page as a component of the document.
 */
export function listResponse(item: z.ZodObject, options: { pages?: z.ZodType; id?: string } = {}) {
  const row = "updated_at" in item.shape ? item : item.extend({ updated_at: z.iso.datetime() });
  const walk = z.object({
    data: z.array(row),
    next_cursor: z.string().nullable().describe("À renvoyer en cursor pour la suite ; null à la fin"),
  });
  const page = options.id ? walk.meta({ id: options.id }) : walk;
  return options.pages ? z.union([options.pages, page]) : page;
}
