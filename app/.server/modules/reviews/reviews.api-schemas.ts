import { REVIEW_PHOTO_PENDING_MAX_BYTES, REVIEW_PHOTO_UPLOADS_PER_HOUR } from "~/domain/reviews/review-rules";
import { IMAGE_UPLOAD_MAX_BYTES, megabytes } from "~/domain/http/body-limits.mjs";
import { IMAGE_TOO_LARGE_MESSAGE } from "~/domain/catalog/admin-product-form.schema";
import { z } from "zod";
import { ListWindowQuerySchema, listResponse } from "~/.server/api/admin-list.api-schemas";
import type { ApiOperation } from "~/.server/api/api-operation";
import { ApiErrorSchema } from "../../api/schemas";
import {
  AdminReviewQuerySchema,
  ReviewAnswerSchema,
  ReviewCreateSchema,
  ReviewListQuerySchema,
  ReviewPatchSchema,
  ReviewRejectSchema,
  ReviewReportSchema,
} from "~/domain/reviews/reviews";
import { REVIEW_AGE_RANGES, REVIEW_REJECTION_REASONS, REVIEW_SKIN_TYPES, REVIEW_STATUSES } from "~/domain/reviews/review-rules";
import * as ACCOUNT_MESSAGES from "~/domain/messages/account";
import * as SHOP_MESSAGES from "~/domain/messages/shop";

/** Response shapes and operations of the reviews API (docs/decisions/037-reviews.md). */
export const ReviewSchema = z
  .object({
    id: z.uuid(),
    product_id: z.uuid(),
    variant_id: z.uuid().nullable(),
    variant_label: z.string().nullable(),
    rating: z.int().min(1).max(5),
    title: z.string(),
    body: z.string().describe("Plain text: shown as text, never as HTML"),
    skin_type: z.enum(REVIEW_SKIN_TYPES).nullable(),
    age_range: z.enum(REVIEW_AGE_RANGES).nullable(),
    author: z.string().describe("First name and initial, e.g. 'Camille D.'"),
    verified: z.boolean().describe("Written by an account that bought the variant and received it"),
    helpful_count: z.int(),
    created_at: z.iso.datetime(),
    published_at: z.iso.datetime().nullable(),
    shop_answer: z.string().nullable(),
    shop_answered_at: z.iso.datetime().nullable(),
    photos: z.array(z.string()).describe("Up to 3 photos, served by the shop (/media/uploads/reviews/...)"),
  })
  .meta({ id: "Review" });

const OwnReviewSchema = ReviewSchema.extend({
  status: z.enum(REVIEW_STATUSES),
  rejection_reason: z.enum(REVIEW_REJECTION_REASONS).nullable(),
}).meta({ id: "OwnReview" });

const AdminReviewSchema = OwnReviewSchema.extend({
  product_name: z.string(),
  user_id: z.string().nullable(),
  report_count: z.int(),
  moderated_at: z.iso.datetime().nullable(),
}).meta({ id: "AdminReview" });

const SummarySchema = z.object({
  average: z.number().describe("Average of published reviews, one decimal; 0 without any"),
  count: z.int(),
  distribution: z.object({ 1: z.int(), 2: z.int(), 3: z.int(), 4: z.int(), 5: z.int() }),
});

const ReviewPageSchema = z.object({
  data: z.object({ summary: SummarySchema, reviews: z.array(ReviewSchema), page: z.int(), page_count: z.int(), total: z.int() }),
});

export function reviewOperations(): ApiOperation[] {
  const tags = ["Avis clients"];
  const id = z.object({ id: z.uuid() });
  const unauthenticated = { 401: { description: ACCOUNT_MESSAGES.signRequired, schema: ApiErrorSchema } };
  const notFound = { 404: { description: "Avis introuvable (ou d'un autre client)", schema: ApiErrorSchema } };
  const one = (schema: z.ZodType) => z.object({ data: schema });
  return [
    {
      method: "get",
      path: "/api/v1/products/{id}/reviews",
      summary: "Les avis publiés d'un produit : moyenne, nombre et répartition par étoiles, puis une page d'avis triés et filtrés",
      tags,
      auth: "none",
      pathParams: id,
      query: ReviewListQuerySchema,
      responses: {
        200: { description: "Avis", schema: ReviewPageSchema },
        400: { description: "Paramètres invalides", schema: ApiErrorSchema },
        404: { description: SHOP_MESSAGES.productNotFound, schema: ApiErrorSchema },
      },
    },
    {
      method: "post",
      path: "/api/v1/products/{id}/reviews",
      summary: "Donner son avis : réservé aux clients ayant reçu la variante (avis vérifié), un avis par variante, publié après modération",
      tags,
      auth: "session",
      pathParams: id,
      body: ReviewCreateSchema,
      responses: {
        201: { description: "Avis enregistré, en attente de modération", schema: one(OwnReviewSchema) },
        400: {
          description: "Champs invalides, ou photo qui n'a pas été envoyée depuis ce compte ou figure déjà dans un avis (photo_not_owned)",
          schema: ApiErrorSchema,
        },
        ...unauthenticated,
        403: { description: "Produit non acheté ou non reçu (not_a_buyer)", schema: ApiErrorSchema },
        404: { description: SHOP_MESSAGES.productNotFound, schema: ApiErrorSchema },
        409: { description: "Avis déjà donné pour cette variante (review_exists)", schema: ApiErrorSchema },
      },
    },
    {
      method: "get",
      path: "/api/v1/products/{id}/reviewable",
      summary:
        "Les variantes de ce produit reçues par le client connecté et pas encore notées (« Donner mon avis »), et ses propres avis du produit avec leur statut",
      tags,
      auth: "session",
      pathParams: id,
      responses: {
        200: {
          description: "Variantes à noter et avis du client",
          schema: one(
            z.object({
              variants: z.array(z.object({ variant_id: z.uuid(), variant_label: z.string().nullable() })),
              own: z.array(OwnReviewSchema),
            }),
          ),
        },
        ...unauthenticated,
      },
    },
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
    {
      method: "patch",
      path: "/api/v1/reviews/{id}",
      summary: "Modifier son avis tant qu'il n'est pas modéré",
      tags,
      auth: "session",
      pathParams: id,
      body: ReviewPatchSchema,
      responses: {
        200: { description: "Avis modifié", schema: one(OwnReviewSchema) },
        400: { description: "Champs invalides", schema: ApiErrorSchema },
        ...unauthenticated,
        ...notFound,
        409: { description: "Avis déjà modéré (review_moderated)", schema: ApiErrorSchema },
      },
    },
    {
      method: "delete",
      path: "/api/v1/reviews/{id}",
      summary: "Supprimer son avis (à tout moment) ; la note du produit est recalculée",
      tags,
      auth: "session",
      pathParams: id,
      responses: {
        200: { description: "Supprimé", schema: one(z.object({ id: z.uuid(), deleted: z.literal(true) })) },
        ...unauthenticated,
        ...notFound,
      },
    },
    {
      method: "post",
      path: "/api/v1/reviews/{id}/vote",
      summary: "« Utile » : une voix par compte, jamais pour son propre avis",
      tags,
      auth: "session",
      pathParams: id,
      responses: {
        200: {
          description: "Voix comptée (counted: false si déjà donnée)",
          schema: one(z.object({ helpful_count: z.int(), counted: z.boolean() })),
        },
        ...unauthenticated,
        403: { description: "Son propre avis", schema: ApiErrorSchema },
        ...notFound,
      },
    },
    {
      method: "post",
      path: "/api/v1/reviews/{id}/report",
      summary: "Signaler un avis publié (une fois par compte) ; après plusieurs signalements il repasse en modération",
      tags,
      auth: "session",
      pathParams: id,
      body: ReviewReportSchema,
      responses: {
        200: { description: "Signalement enregistré", schema: one(z.object({ counted: z.boolean() })) },
        ...unauthenticated,
        ...notFound,
      },
    },
    {
      method: "get",
      path: "/api/v1/admin/reviews",
      summary:
        "Avis à modérer (en attente d'abord), filtrés par statut, note et produit. Avec cursor, updated_since ou limit : parcours par date de mise à jour ({ data, next_cursor }).",
      tags: ["Administration"],
      auth: "admin_api",
      query: AdminReviewQuerySchema.extend(ListWindowQuerySchema.shape),
      responses: {
        200: {
          description: "Avis",
          schema: listResponse(AdminReviewSchema, {
            pages: one(z.object({ reviews: z.array(AdminReviewSchema), page: z.int(), page_count: z.int(), total: z.int() })),
          }),
        },
        400: { description: "Paramètres invalides", schema: ApiErrorSchema },
        ...unauthenticated,
        403: { description: "Réservé à l'administrateur", schema: ApiErrorSchema },
      },
    },
    ...(
      [
        ["publish", "Publier un avis en attente (l'auteur est prévenu)", undefined],
        ["reject", "Refuser (ou dépublier) un avis avec un motif de la liste (l'auteur est prévenu)", ReviewRejectSchema],
        ["answer", "Réponse publique de la boutique sous un avis publié", ReviewAnswerSchema],
      ] as const
    ).flatMap(([step, summary, body]): ApiOperation[] => [
      {
        method: "get",
        path: `/api/v1/admin/reviews/{id}/${step}`,
        summary: "L'avis tel que le montre la fenêtre de modération",
        tags: ["Administration"],
        auth: "admin_api",
        pathParams: id,
        responses: {
          200: { description: "Avis", schema: one(AdminReviewSchema) },
          ...unauthenticated,
          403: { description: "Réservé à l'administrateur", schema: ApiErrorSchema },
          ...notFound,
        },
      },
      {
        method: "post",
        path: `/api/v1/admin/reviews/{id}/${step}`,
        summary,
        tags: ["Administration"],
        auth: "admin_api",
        pathParams: id,
        ...(body ? { body } : {}),
        responses: {
          200: { description: "Avis", schema: one(ReviewSchema) },
          400: { description: "Champs invalides", schema: ApiErrorSchema },
          ...unauthenticated,
          403: { description: "Réservé à l'administrateur", schema: ApiErrorSchema },
          ...notFound,
          409: { description: "Déjà modéré, ou réponse à un avis non publié", schema: ApiErrorSchema },
        },
      },
    ]),
  ];
}
