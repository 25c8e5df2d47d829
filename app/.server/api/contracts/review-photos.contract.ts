import { z } from "zod";
import * as ACCOUNT_MESSAGES from "~/domain/messages/account";
import { ApiErrorSchema } from "~/.server/api/schemas";
import { megabytes, IMAGE_UPLOAD_MAX_BYTES } from "~/domain/http/body-limits.mjs";
import { IMAGE_TOO_LARGE_MESSAGE } from "~/domain/catalog/admin-product-form.schema";
import { REVIEW_PHOTO_UPLOADS_PER_HOUR, REVIEW_PHOTO_PENDING_MAX_BYTES } from "~/domain/reviews/review-rules";
import type { ApiOperation } from "~/.server/api/api-operation";

const tags = ["Avis clients"];

const one = (schema: z.ZodType) => z.object({ data: schema });

const unauthenticated = { 401: { description: ACCOUNT_MESSAGES.signRequired, schema: ApiErrorSchema } };

export const operations: ApiOperation[] = [
  {
    method: "post",
    path: "/api/v1/review-photos",
    summary: `Téléverser une photo pour un avis (corps brut : JPG, PNG ou WebP, ${megabytes(IMAGE_UPLOAD_MAX_BYTES)} au plus), ré-encodée en WebP ; l'URL renvoyée va dans photos`,
    tags,
    auth: "session",
    rawBody: { contentTypes: ["image/jpeg", "image/png", "image/webp"], description: "Le fichier image" },
    responses: {
      201: { description: "Photo enregistrée", schema: one(z.object({ url: z.string(), width: z.int(), height: z.int() })) },
      ...unauthenticated,
      413: { description: IMAGE_TOO_LARGE_MESSAGE, schema: ApiErrorSchema },
      415: { description: "Ce n'est pas une image JPG, PNG ou WebP", schema: ApiErrorSchema },
      429: {
        description: `Trop de photos : ${REVIEW_PHOTO_UPLOADS_PER_HOUR} par heure au plus (too_many_photo_uploads), ou ${megabytes(REVIEW_PHOTO_PENDING_MAX_BYTES)} de photos pas encore dans un avis (too_many_pending_photos) ; en-tête Retry-After`,
        schema: ApiErrorSchema,
      },
    },
  },
];
