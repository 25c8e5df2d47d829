import { z } from "zod";
import type { ApiOperation } from "./api-operation";
import { ApiErrorSchema } from "./schemas";
import { ListWindowQuerySchema, listResponse } from "./admin-list.api-schemas";
import { GIFT_CARD_STATUSES } from "~/domain/gift-cards/gift-card-admin.types";
import * as ACCOUNT_MESSAGES from "~/domain/messages/account";

/**
 * The admin API's clients, promo codes and gift cards in the OpenAPI document (decision 049):
 * the back-office's services and messages, over JSON.
 */
const guarded = {
  401: { description: ACCOUNT_MESSAGES.signRequired, schema: ApiErrorSchema },
  403: { description: "Accès réservé à l'administrateur", schema: ApiErrorSchema },
};
const badList = { 400: { description: "Curseur ou paramètres de liste invalides", schema: ApiErrorSchema } };
const tags = ["Administration"];

const ClientRowSchema = z
  .object({
    id: z.string(),
    first_name: z.string().nullable(),
    last_name: z.string().nullable(),
    email: z.string(),
    phone: z.string().nullable(),
    gender: z.string().nullable(),
    bio: z.string().nullable(),
    date_of_birth: z.string().nullable(),
    created_at: z.iso.datetime(),
    last_login_at: z.iso.datetime().nullable(),
    last_order_at: z.iso.datetime().nullable(),
    order_count: z.int(),
    total_spent_cents: z.int(),
    loyalty_points: z.int(),
    status: z.enum(["active", "inactive"]).describe("Actif : au moins une commande dans la période retenue"),
  })
  .meta({ id: "AdminClientRow" });

const ClientPageSchema = z.object({
  data: z.object({ rows: z.array(ClientRowSchema), total: z.int(), page: z.int(), page_size: z.int(), page_count: z.int() }),
});

const PromoCodeSchema = z
  .object({
    id: z.uuid(),
    code: z.string(),
    description: z.string().nullable(),
    kind: z.enum(["percentage", "fixed"]),
    percent_off: z.int().nullable(),
    amount_off_cents: z.int().nullable(),
    min_order_cents: z.int(),
    starts_at: z.iso.datetime().nullable(),
    ends_at: z.iso.datetime().nullable(),
    usage_limit: z.int().nullable(),
    used_count: z.int(),
    per_customer_limit: z.int().nullable(),
    customer_email: z.string().nullable(),
    category_ids: z.array(z.uuid()),
    active: z.boolean(),
    origin: z.enum(["admin", "newsletter_welcome"]),
    created_at: z.iso.datetime(),
    updated_at: z.iso.datetime(),
  })
  .meta({ id: "AdminPromoCode" });

const PromoCodeFormBody = z
  .object({
    code: z.string().describe("Lettres sans accent, chiffres, « - » et « _ » (mis en majuscules)"),
    kind: z.enum(["percentage", "fixed"]),
    value: z.union([z.string(), z.number()]).describe("Pourcentage (1 à 100) ou montant en euros (« 10 », « 7,50 »)"),
    min_order: z.union([z.string(), z.number()]).optional().describe("Montant minimum de commande, en euros"),
    starts_on: z.string().optional().describe("Premier jour (AAAA-MM-JJ)"),
    ends_on: z.string().optional().describe("Dernier jour, inclus (AAAA-MM-JJ)"),
    usage_limit: z.union([z.string(), z.number()]).optional(),
    per_customer_limit: z.union([z.string(), z.number()]).optional(),
    customer_email: z.string().optional().describe("Réservé au compte de cet e-mail"),
    category_ids: z.array(z.uuid()).optional(),
    description: z.string().optional(),
  })
  .meta({ id: "AdminPromoCodeForm" });

const GiftCardSchema = z
  .object({
    id: z.uuid(),
    last4: z.string(),
    amount_cents: z.int(),
    balance_cents: z.int(),
    status: z.enum(GIFT_CARD_STATUSES),
    expired: z.boolean(),
    delivery_mode: z.enum(["email", "physical"]),
    recipient_email: z.string(),
    buyer_email: z.string().nullable(),
    order_reference: z.string().nullable(),
    expires_at: z.iso.datetime(),
    created_at: z.iso.datetime(),
  })
  .meta({ id: "AdminGiftCard" });

const LedgerEntrySchema = z.object({
  id: z.int(),
  kind: z.enum(["issue", "use", "refund"]),
  amount_cents: z.int(),
  balance_after_cents: z.int(),
  order_reference: z.string().nullable(),
  note: z.string().nullable(),
  created_at: z.iso.datetime(),
});

const GiftCardPageSchema = z.object({
  data: z.object({ cards: z.array(GiftCardSchema), total: z.int(), page: z.int(), page_count: z.int() }),
});

export function adminResourceOperations(): ApiOperation[] {
  const uuidId = z.object({ id: z.uuid() });
  return [
    {
      method: "get",
      path: "/api/v1/admin/clients",
      summary:
        "Administrateur : les clients (hors administrateurs), les comptes les plus récents d'abord, 20 par page ; recherche (nom, e-mail, téléphone), statut (active, inactive). Avec cursor, updated_since ou limit : parcours par date de mise à jour ({ data, next_cursor }).",
      tags,
      auth: "admin_api",
      query: z
        .object({ search: z.string().optional(), status: z.string().optional(), page: z.string().optional() })
        .extend(ListWindowQuerySchema.shape),
      responses: {
        200: { description: "Clients", schema: listResponse(ClientRowSchema, { pages: ClientPageSchema }) },
        ...badList,
        ...guarded,
      },
    },
    {
      method: "get",
      path: "/api/v1/admin/clients/{id}",
      summary: "Administrateur : un client (profil, commandes, Beauty Pass, adresses), comme « Voir » du back-office",
      tags,
      auth: "admin_api",
      pathParams: z.object({ id: z.string() }),
      responses: {
        200: { description: "Client", schema: z.object({ data: z.record(z.string(), z.unknown()) }) },
        ...guarded,
        404: { description: "Client introuvable", schema: ApiErrorSchema },
      },
    },
    {
      method: "delete",
      path: "/api/v1/admin/clients/{id}",
      summary:
        "Administrateur : effacement RGPD du client (commandes conservées et anonymisées, le reste effacé, sessions fermées), comme « Supprimer » du back-office",
      tags,
      auth: "admin_api",
      pathParams: z.object({ id: z.string() }),
      responses: {
        200: {
          description: "Client effacé",
          schema: z.object({ data: z.object({ id: z.string(), deleted: z.literal(true), anonymised_orders: z.int() }) }),
        },
        ...guarded,
        404: { description: "Client introuvable (ou compte administrateur : 403)", schema: ApiErrorSchema },
      },
    },
    {
      method: "get",
      path: "/api/v1/admin/promo-codes",
      summary:
        "Administrateur : tous les codes promo, les plus récents d'abord. Avec cursor, updated_since ou limit : parcours par date de mise à jour ({ data, next_cursor }).",
      tags,
      auth: "admin_api",
      query: ListWindowQuerySchema,
      responses: {
        200: {
          description: "Codes promo",
          schema: listResponse(PromoCodeSchema, { pages: z.object({ data: z.array(PromoCodeSchema) }) }),
        },
        ...badList,
        ...guarded,
      },
    },
    {
      method: "post",
      path: "/api/v1/admin/promo-codes",
      summary: "Administrateur : créer un code promo (les champs et messages du formulaire « Nouveau code »)",
      tags,
      auth: "admin_api",
      body: PromoCodeFormBody,
      responses: {
        201: { description: "Code créé", schema: z.object({ data: PromoCodeSchema }) },
        400: { description: "Champ invalide (message du champ, fieldErrors par champ)", schema: ApiErrorSchema },
        ...guarded,
        409: { description: "Ce code existe déjà", schema: ApiErrorSchema },
      },
    },
    {
      method: "get",
      path: "/api/v1/admin/promo-codes/{id}",
      summary: "Administrateur : un code promo",
      tags,
      auth: "admin_api",
      pathParams: uuidId,
      responses: {
        200: { description: "Code promo", schema: z.object({ data: PromoCodeSchema }) },
        ...guarded,
        404: { description: "Code promo introuvable", schema: ApiErrorSchema },
      },
    },
    {
      method: "put",
      path: "/api/v1/admin/promo-codes/{id}",
      summary: "Administrateur : modifier un code promo (tout le formulaire à nouveau ; limite jamais sous les utilisations faites)",
      tags,
      auth: "admin_api",
      pathParams: uuidId,
      body: PromoCodeFormBody,
      responses: {
        200: { description: "Code modifié", schema: z.object({ data: PromoCodeSchema }) },
        400: { description: "Champ invalide", schema: ApiErrorSchema },
        ...guarded,
        404: { description: "Code promo introuvable", schema: ApiErrorSchema },
        409: { description: "Ce code existe déjà", schema: ApiErrorSchema },
      },
    },
    {
      method: "patch",
      path: "/api/v1/admin/promo-codes/{id}",
      summary: "Administrateur : désactiver (active: false) ou réactiver (active: true) un code promo",
      tags,
      auth: "admin_api",
      pathParams: uuidId,
      body: z.object({ active: z.boolean() }),
      responses: {
        200: { description: "Code promo", schema: z.object({ data: PromoCodeSchema }) },
        400: { description: "active (true ou false) est attendu", schema: ApiErrorSchema },
        ...guarded,
        404: { description: "Code promo introuvable", schema: ApiErrorSchema },
      },
    },
    {
      method: "delete",
      path: "/api/v1/admin/promo-codes/{id}",
      summary: "Administrateur : supprimer un code promo qui n'a jamais servi (un code utilisé se désactive)",
      tags,
      auth: "admin_api",
      pathParams: uuidId,
      responses: {
        200: {
          description: "Code supprimé",
          schema: z.object({ data: z.object({ id: z.uuid(), code: z.string(), deleted: z.literal(true) }) }),
        },
        ...guarded,
        404: { description: "Code promo introuvable", schema: ApiErrorSchema },
        409: { description: "Ce code promo a déjà servi à des commandes (promo_code_used)", schema: ApiErrorSchema },
      },
    },
    {
      method: "get",
      path: "/api/v1/admin/gift-cards",
      summary:
        "Administrateur : les cartes cadeaux, les plus récentes d'abord, 50 par page ; q : 4 derniers caractères ou e-mail de l'acheteur. Avec cursor, updated_since ou limit : parcours par dernier changement (émission, utilisation, remboursement, désactivation).",
      tags,
      auth: "admin_api",
      query: z.object({ q: z.string().optional(), page: z.string().optional() }).extend(ListWindowQuerySchema.shape),
      responses: {
        200: { description: "Cartes cadeaux", schema: listResponse(GiftCardSchema, { pages: GiftCardPageSchema }) },
        ...badList,
        ...guarded,
      },
    },
    {
      method: "post",
      path: "/api/v1/admin/gift-cards",
      summary:
        "Administrateur : offrir une carte cadeau à un client (geste commercial, sans commande) : envoyée au client par e-mail, comme « Offrir une carte cadeau » de sa fiche",
      tags,
      auth: "admin_api",
      body: z.object({
        client_id: z.string(),
        amount: z.union([z.string(), z.number()]).describe("Montant en euros"),
        reason: z.string().describe("Motif (journal et historique de la carte)"),
        message: z.string().optional().describe("Message au client"),
      }),
      responses: {
        201: {
          description: "Carte émise",
          schema: z.object({ data: z.object({ id: z.uuid(), last4: z.string(), amount_cents: z.int(), email: z.string() }) }),
        },
        400: { description: "Montant ou motif invalide", schema: ApiErrorSchema },
        ...guarded,
        404: { description: "Client introuvable", schema: ApiErrorSchema },
      },
    },
    {
      method: "get",
      path: "/api/v1/admin/gift-cards/{id}",
      summary: "Administrateur : une carte cadeau et son historique (émission, utilisations, remboursements)",
      tags,
      auth: "admin_api",
      pathParams: uuidId,
      responses: {
        200: {
          description: "Carte cadeau",
          schema: z.object({ data: GiftCardSchema.extend({ updated_at: z.iso.datetime(), ledger: z.array(LedgerEntrySchema) }) }),
        },
        ...guarded,
        404: { description: "Carte cadeau introuvable", schema: ApiErrorSchema },
      },
    },
  ];
}
