import { z } from "zod";
import type { BrandView } from "~/domain/catalog/catalog.types";
import type { ApiOperation } from "~/.server/api/api-operation";

export const BrandSchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    slug: z.string().describe("The brand page is /marque/{slug}; filter the catalogue with brand={slug}"),
    description: z.string().nullable(),
    logo_url: z.string().nullable(),
    product_count: z.int().nonnegative(),
  })
  .meta({ id: "Brand" });

export const BrandListSchema = z.object({ data: z.array(BrandSchema) }).meta({ id: "BrandList" });

type Assert<T extends true> = T;

export type _BrandMatches = Assert<BrandView extends z.infer<typeof BrandSchema> ? true : false>;

/** GET /api/v1/brands. */
export const operations: ApiOperation[] = [
  {
    method: "get",
    path: "/api/v1/brands",
    summary: "Liste des marques de A à Z, avec leur nombre de produits",
    tags: ["Catalogue"],
    responses: { 200: { description: "Marques", schema: BrandListSchema } },
  },
];
