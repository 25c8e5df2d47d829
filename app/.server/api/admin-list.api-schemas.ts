import { z } from "zod";
import { ADMIN_LIST_DEFAULT_LIMIT, ADMIN_LIST_MAX_LIMIT } from "./admin-api";

/**
 * The paging of the admin API's lists in the OpenAPI document (decision 049): `page` as the
 * back-office pages, or, when any of `cursor`, `updated_since`, `limit` is given, the walk by
 * (updated_at, id) answered as `{ data, next_cursor }`.
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

/** The walk's answer over rows of `item`, each with its update time. */
export function cursorPageSchema(item: z.ZodObject) {
  return z.object({
    data: z.array(item.extend({ updated_at: z.iso.datetime() })),
    next_cursor: z.string().nullable().describe("À renvoyer en cursor pour la suite ; null à la fin"),
  });
}

/** Either the numbered page or the cursor walk, depending on the query. */
export function pageOrWalk(page: z.ZodType, item: z.ZodObject) {
  return z.union([page, cursorPageSchema(item)]);
}
