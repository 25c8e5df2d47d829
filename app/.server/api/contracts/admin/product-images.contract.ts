import { z } from "zod";
import { ApiErrorSchema } from "~/.server/api/schemas";
import {
  PRODUCT_IMAGE_TYPES,
  PRODUCT_IMAGE_MAX_BYTES,
  IMAGE_TOO_LARGE_MESSAGE,
  IMAGE_TYPE_MESSAGE,
} from "~/domain/catalog/admin-product-form.schema";
import { megabytes } from "~/domain/http/body-limits.mjs";
import type { ApiOperation } from "~/.server/api/api-operation";
import { adminSessionGuard } from "~/.server/api/contracts/shared/responses";

/** /api/v1/admin/product-images (docs/decisions/017-product-form-and-images.md): the product form's image uploads. */
export const operations: ApiOperation[] = [
  {
    method: "get",
    path: "/api/v1/admin/product-images",
    summary: "Administrateur : les formats et la taille acceptés pour une image de produit",
    tags: ["Administration"],
    auth: "admin",
    responses: {
      200: {
        description: "Limites",
        schema: z.object({
          data: z.object({
            accepted_types: z.array(z.enum(PRODUCT_IMAGE_TYPES)),
            max_bytes: z.int(),
            max_side: z.int(),
            output_type: z.literal("image/webp"),
            messages: z.object({ type: z.string(), size: z.string() }),
          }),
        }),
      },
      ...adminSessionGuard,
    },
  },
  {
    method: "post",
    path: "/api/v1/admin/product-images",
    summary: `Administrateur : téléverser une image de produit (le fichier brut en corps de requête, ${megabytes(PRODUCT_IMAGE_MAX_BYTES)} au plus ; JPEG, PNG ou WebP reconnus par leur contenu ; ré-encodée en WebP dans 800x800, métadonnées retirées). Réponse : son URL sous /media/uploads/products/.`,
    tags: ["Administration"],
    auth: "admin",
    rawBody: { contentTypes: [...PRODUCT_IMAGE_TYPES], description: "Le fichier image" },
    responses: {
      201: {
        description: "Image enregistrée",
        schema: z.object({ data: z.object({ url: z.string(), width: z.int(), height: z.int(), bytes: z.int() }) }),
      },
      ...adminSessionGuard,
      413: { description: IMAGE_TOO_LARGE_MESSAGE, schema: ApiErrorSchema },
      415: { description: IMAGE_TYPE_MESSAGE, schema: ApiErrorSchema },
    },
  },
  {
    method: "delete",
    path: "/api/v1/admin/product-images",
    summary: "Administrateur : abandonner une image téléversée que le formulaire n'enregistre pas (conservée si un produit l'utilise)",
    tags: ["Administration"],
    auth: "admin",
    query: z.object({ url: z.string().describe("/media/uploads/products/<nom>.webp") }),
    responses: {
      200: {
        description: "deleted: false si un produit l'utilise encore",
        schema: z.object({ data: z.object({ url: z.string(), deleted: z.boolean() }) }),
      },
      ...adminSessionGuard,
      404: { description: "Image introuvable", schema: ApiErrorSchema },
    },
  },
];
