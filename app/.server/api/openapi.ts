import { FORM_BODY_MAX_BYTES, IMAGE_UPLOAD_MAX_BYTES, megabytes } from "~/domain/http/body-limits.mjs";
import { ORDER_STATUS_VALUES } from "~/domain/orders/order.types";
import { z } from "zod";
import { ProductListQuerySchema } from "~/domain/catalog/catalog.schema";
import { ProfileUpdateApiSchema } from "~/domain/account/profile.schema";
import { CartLinesSchema, CartQuoteQuerySchema } from "~/domain/cart/cart.schema";
import { FavoriteBodySchema } from "~/domain/favorites/favorites.schema";
import { PlaceOrderSchema } from "~/domain/checkout/checkout.schema";
import {
  ApiErrorSchema,
  CartQuoteResponseSchema,
  CartResponseSchema,
  FavoriteListSchema,
  FavoriteStateSchema,
  MeResponseSchema,
  OrderListSchema,
  OrderResponseSchema,
  CategoryListSchema,
  ProductListSchema,
  ProductResponseSchema,
} from "./schemas";
import type { ApiOperation } from "./api-operation";
import {
  AddressActionBodySchema,
  AddressCreateBodySchema,
  AddressDeletedSchema,
  AddressPatchBodySchema,
  SavedAddressListSchema,
  SavedAddressResponseSchema,
} from "../modules/addresses/addresses.api-schemas";
import { paymentMethodOperations } from "../modules/payment-methods/payment-methods.api-schemas";
import { supportTicketOperations } from "../modules/support/support.api-schemas";
import { searchSuggestOperations } from "../modules/catalog/search-suggest.api-schemas";
import { postalCodeOperations } from "../modules/addresses/postal-codes.api-schemas";
import { deliveryOperations } from "../modules/delivery/delivery.api-schemas";
import { LoyaltySummaryResponseSchema } from "../modules/loyalty/loyalty-summary.api-schemas";
import {
  NotificationDeletedSchema,
  NotificationListQuerySchema,
  NotificationListSchema,
  NotificationPatchBodySchema,
  NotificationResponseSchema,
  NotificationsReadAllSchema,
} from "../modules/notifications/notifications.api-schemas";
import { adminOrderOperations } from "../modules/orders/orders-admin.api-schemas";
import { adminResourceOperations } from "./admin-resources.api-schemas";
import { reviewOperations } from "../modules/reviews/reviews.api-schemas";
import { AuthenticationRequiredSchema, paymentAuthenticationOperations } from "../modules/payments/payments.api-schemas";
import { invoiceOperations } from "../modules/invoices/invoices.api-schemas";
import { returnOperations } from "../modules/returns/returns.api-schemas";
import { productImageOperations } from "../media/product-images.api-schemas";
import { brandOperations } from "../modules/catalog/brands.api-schemas";
import { adminCatalogOperations } from "../modules/catalog/catalog-admin.api-schemas";
import { adminWebhookOperations } from "../modules/webhooks/webhooks.api-schemas";
import * as ACCOUNT_MESSAGES from "~/domain/messages/account";
import * as SHOP_MESSAGES from "~/domain/messages/shop";

const errors = {
  400: { description: "Paramètres invalides", schema: ApiErrorSchema },
};

/**
 * One entry per API operation, written next to nothing else: the OpenAPI document below is
 * generated from these zod schemas, the same ones the routes use, so it cannot drift.
 * Later features add their operations to `operations`.
 */
export const operations: ApiOperation[] = [
  {
    method: "get",
    path: "/api/v1/categories",
    summary: "Liste des catégories, par nom",
    tags: ["Catalogue"],
    responses: { 200: { description: "Catégories", schema: CategoryListSchema } },
  },
  ...brandOperations(),
  {
    method: "get",
    path: "/api/v1/products",
    summary: "Catalogue filtré, trié et paginé (mêmes filtres que la page /products)",
    tags: ["Catalogue"],
    query: ProductListQuerySchema,
    responses: { 200: { description: "Une page de produits", schema: ProductListSchema }, ...errors },
  },
  {
    method: "get",
    path: "/api/v1/products/{id}",
    summary: "Un produit avec sa catégorie et ses variantes (tailles, teintes)",
    tags: ["Catalogue"],
    pathParams: z.object({ id: z.uuid() }),
    responses: {
      200: { description: "Le produit", schema: ProductResponseSchema },
      404: { description: SHOP_MESSAGES.productNotFound, schema: ApiErrorSchema },
    },
  },
  {
    method: "get",
    path: "/api/v1/me",
    summary: "Le profil de l'utilisateur connecté",
    tags: ["Compte"],
    auth: "session",
    responses: {
      200: { description: "Profil", schema: MeResponseSchema },
      401: { description: ACCOUNT_MESSAGES.signRequired, schema: ApiErrorSchema },
    },
  },
  {
    method: "get",
    path: "/api/v1/me/export",
    summary: "Toutes les données du compte connecté (droit d'accès et portabilité, RGPD art. 15 et 20), en fichier JSON à télécharger",
    tags: ["Compte"],
    auth: "session",
    responses: {
      200: { description: "Le fichier aurore-mes-donnees-AAAA-MM-JJ.json", binary: "application/json" },
      401: { description: ACCOUNT_MESSAGES.signRequired, schema: ApiErrorSchema },
    },
  },
  {
    method: "patch",
    path: "/api/v1/me",
    summary: "Modifier prénom, nom et téléphone (l'e-mail ne se modifie pas ici)",
    tags: ["Compte"],
    auth: "session",
    body: ProfileUpdateApiSchema,
    responses: {
      200: { description: "Profil mis à jour", schema: MeResponseSchema },
      400: { description: "Champs invalides", schema: ApiErrorSchema },
      401: { description: ACCOUNT_MESSAGES.signRequired, schema: ApiErrorSchema },
    },
  },
  {
    method: "post",
    path: "/api/v1/orders",
    summary:
      "Passer commande (en-tête Idempotency-Key obligatoire, un par tentative). Chaque ligne désigne une variante (variant_id) ; product_id seul vaut pour un produit à une seule variante et est refusé (400) pour un produit à plusieurs variantes, comme une variante d'un autre produit que product_id. Prix (celui de la variante), frais de livraison et total sont calculés par le serveur. delivery_method : standard (par défaut), relay (avec relay_point_id, voir GET /api/v1/relay-points) ou express (voir GET /api/v1/delivery-methods). Paiement : card (nouvelle carte, envoyée une fois au prestataire ; save_card pour l'enregistrer sous forme de jeton) ou payment_method_id avec cvc (carte enregistrée). Cartes de test : 4242 4242 4242 4242 acceptée, 4000 0000 0000 0002 refusée, 4000 0027 6000 3184 demande l'authentification 3-D Secure (402 avec next_action).",
    tags: ["Commandes"],
    auth: "session",
    body: PlaceOrderSchema,
    responses: {
      201: { description: "Commande créée", schema: OrderResponseSchema },
      200: { description: "Même Idempotency-Key : la commande déjà créée", schema: OrderResponseSchema },
      400: { description: "Requête invalide, panier vide, adresse invalide, points insuffisants", schema: ApiErrorSchema },
      401: { description: ACCOUNT_MESSAGES.signRequired, schema: ApiErrorSchema },
      402: {
        description:
          "Paiement refusé (payment_declined), ou authentification 3-D Secure demandée (authentication_required, avec next_action : voir POST /api/v1/payment-authentications/{id})",
        schema: z.union([AuthenticationRequiredSchema, ApiErrorSchema]),
      },
      404: { description: "Carte enregistrée introuvable (payment_method_id inconnu ou d'un autre client)", schema: ApiErrorSchema },
      409: {
        description:
          "Stock insuffisant ou prix modifié ; commande déjà en cours de traitement avec la même Idempotency-Key (order_in_progress) ; paiement non confirmé à temps, non débité (payment_expired)",
        schema: ApiErrorSchema,
      },
      502: {
        description: "Le service de paiement ne répond pas (payment_unavailable) : un débit sans commande est remboursé automatiquement",
        schema: ApiErrorSchema,
      },
    },
  },
  {
    method: "get",
    path: "/api/v1/orders",
    summary: "Les commandes de l'utilisateur connecté, avec leurs articles, les plus récentes d'abord",
    tags: ["Commandes"],
    auth: "session",
    responses: {
      200: { description: "Commandes", schema: OrderListSchema },
      401: { description: ACCOUNT_MESSAGES.signRequired, schema: ApiErrorSchema },
    },
  },
  {
    method: "get",
    path: "/api/v1/orders/{id}",
    summary: "Une commande de l'utilisateur connecté",
    tags: ["Commandes"],
    auth: "session",
    pathParams: z.object({ id: z.uuid() }),
    responses: {
      200: { description: "La commande", schema: OrderResponseSchema },
      401: { description: ACCOUNT_MESSAGES.signRequired, schema: ApiErrorSchema },
      404: { description: "Commande introuvable (inconnue ou d'un autre client)", schema: ApiErrorSchema },
    },
  },
  {
    method: "post",
    path: "/api/v1/orders/{id}/cancel",
    summary: "Annuler sa commande en attente, moins d'une heure après l'avoir passée (stock et points restitués)",
    tags: ["Commandes"],
    auth: "session",
    pathParams: z.object({ id: z.uuid() }),
    responses: {
      200: { description: "Commande annulée", schema: OrderResponseSchema },
      401: { description: ACCOUNT_MESSAGES.signRequired, schema: ApiErrorSchema },
      404: { description: "Commande introuvable", schema: ApiErrorSchema },
      409: { description: "Cette commande ne peut plus être annulée", schema: ApiErrorSchema },
    },
  },
  {
    method: "put",
    path: "/api/v1/orders/{id}/shipping-address",
    summary:
      "Changer l'adresse de livraison de sa commande en attente, moins d'une heure après l'avoir passée : une de ses adresses enregistrées, dans la même zone de livraison (même tarif). Pas pour une livraison en point relais.",
    tags: ["Commandes"],
    auth: "session",
    pathParams: z.object({ id: z.uuid() }),
    body: z.object({ address_id: z.uuid().describe("One of the shopper's saved addresses (GET /api/v1/addresses)") }),
    responses: {
      200: { description: "Adresse modifiée", schema: OrderResponseSchema },
      400: { description: "Adresse invalide ou incomplète, code postal inconnu", schema: ApiErrorSchema },
      401: { description: ACCOUNT_MESSAGES.signRequired, schema: ApiErrorSchema },
      404: { description: "Commande introuvable", schema: ApiErrorSchema },
      409: {
        description:
          "Délai d'une heure passé ou commande en préparation (order_address_locked), autre zone de livraison (order_address_other_zone), point relais (order_address_relay)",
        schema: ApiErrorSchema,
      },
    },
  },
  {
    method: "get",
    path: "/api/v1/admin/order-status",
    summary: "Administrateur : les statuts de commande et leurs libellés",
    tags: ["Administration"],
    auth: "admin_api",
    responses: {
      200: { description: "Statuts", schema: z.object({ data: z.array(z.object({ value: z.string(), label: z.string() })) }) },
      401: { description: ACCOUNT_MESSAGES.signRequired, schema: ApiErrorSchema },
      403: { description: "Accès réservé à l'administrateur", schema: ApiErrorSchema },
    },
  },
  {
    method: "post",
    path: "/api/v1/admin/order-status",
    summary:
      "Administrateur : changer le statut d'une commande (stock, points Beauty Pass, notification et e-mail dans la même transaction)",
    tags: ["Administration"],
    auth: "admin_api",
    body: z.object({ order_id: z.uuid(), status: z.enum(ORDER_STATUS_VALUES) }),
    responses: {
      200: {
        description: "Commande mise à jour (changed: false si elle avait déjà ce statut)",
        schema: OrderResponseSchema.extend({ changed: z.boolean(), points_credited: z.number().int() }),
      },
      400: { description: "Statut de commande invalide", schema: ApiErrorSchema },
      401: { description: ACCOUNT_MESSAGES.signRequired, schema: ApiErrorSchema },
      403: { description: "Accès réservé à l'administrateur", schema: ApiErrorSchema },
      404: { description: "Commande introuvable", schema: ApiErrorSchema },
      409: { description: "Stock insuffisant ou Points insuffisants pour reprendre une commande annulée", schema: ApiErrorSchema },
    },
  },
  ...paymentAuthenticationOperations(OrderResponseSchema),
  ...reviewOperations(),
  ...adminOrderOperations(),
  ...adminResourceOperations(),
  ...invoiceOperations(),
  ...returnOperations(),
  ...productImageOperations(),
  ...adminCatalogOperations(),
  ...adminWebhookOperations(),
  ...addressOperations(),
  ...paymentMethodOperations(),
  ...supportTicketOperations(),
  ...searchSuggestOperations(),
  ...postalCodeOperations(),
  ...deliveryOperations(),
  {
    method: "get",
    path: "/api/v1/loyalty",
    summary:
      "Le Beauty Pass de l'utilisateur connecté : solde, niveau, prochain palier, prochains points à expirer et 20 dernières transactions",
    tags: ["Beauty Pass"],
    auth: "session",
    responses: {
      200: { description: "Beauty Pass", schema: LoyaltySummaryResponseSchema },
      401: { description: ACCOUNT_MESSAGES.signRequired, schema: ApiErrorSchema },
      503: { description: ACCOUNT_MESSAGES.errorWhileLoadingPoints, schema: ApiErrorSchema },
    },
  },
  ...notificationOperations(),
  {
    method: "get",
    path: "/api/v1/cart",
    summary:
      "Le panier de l'utilisateur connecté, au prix du catalogue ; avec ?variants=a,b (sans connexion) : prix, stock et disponibilité actuels de ces variantes (ids=c,d : produits à une seule variante)",
    tags: ["Panier"],
    auth: "session",
    query: CartQuoteQuerySchema.partial(),
    responses: {
      200: {
        description: "Panier (ou, avec variants / ids, les variantes demandées)",
        schema: z.union([CartResponseSchema, CartQuoteResponseSchema]),
      },
      400: { description: "Identifiants invalides", schema: ApiErrorSchema },
      401: { description: "Connexion requise (sans ids)", schema: ApiErrorSchema },
    },
  },
  {
    method: "put",
    path: "/api/v1/cart",
    summary:
      "Enregistrer le panier (mode replace) ou y ajouter le panier du visiteur à la connexion (mode merge). Chaque ligne désigne une variante (variant_id) ; product_id seul vaut pour un produit à une seule variante et est refusé (400) pour un produit à plusieurs variantes, comme une variante d'un autre produit que product_id. Quantités plafonnées au stock de la variante, variantes inconnues ou épuisées retirées",
    tags: ["Panier"],
    auth: "session",
    body: CartLinesSchema,
    responses: {
      200: { description: "Panier enregistré", schema: CartResponseSchema },
      400: { description: "Lignes invalides", schema: ApiErrorSchema },
      401: { description: ACCOUNT_MESSAGES.signRequired, schema: ApiErrorSchema },
    },
  },
  {
    method: "patch",
    path: "/api/v1/cart",
    summary: "Prolonger le panier : il expire 6 heures après cet appel",
    tags: ["Panier"],
    auth: "session",
    responses: {
      200: { description: "Panier prolongé", schema: CartResponseSchema },
      401: { description: ACCOUNT_MESSAGES.signRequired, schema: ApiErrorSchema },
    },
  },
  {
    method: "delete",
    path: "/api/v1/cart",
    summary: "Vider le panier",
    tags: ["Panier"],
    auth: "session",
    responses: {
      200: { description: "Panier vide", schema: CartResponseSchema },
      401: { description: ACCOUNT_MESSAGES.signRequired, schema: ApiErrorSchema },
    },
  },
  {
    method: "get",
    path: "/api/v1/favorites",
    summary: "Les produits favoris de l'utilisateur connecté, du plus récent au plus ancien",
    tags: ["Favoris"],
    auth: "session",
    responses: {
      200: { description: "Favoris", schema: FavoriteListSchema },
      401: { description: ACCOUNT_MESSAGES.signRequired, schema: ApiErrorSchema },
    },
  },
  {
    method: "post",
    path: "/api/v1/favorites",
    summary: "Ajouter un produit aux favoris (sans effet s'il y est déjà)",
    tags: ["Favoris"],
    auth: "session",
    body: FavoriteBodySchema,
    responses: {
      200: { description: "Déjà en favori", schema: FavoriteStateSchema },
      201: { description: "Ajouté aux favoris", schema: FavoriteStateSchema },
      400: { description: "Produit invalide", schema: ApiErrorSchema },
      401: { description: "Vous devez être connecté pour ajouter des favoris", schema: ApiErrorSchema },
      404: { description: SHOP_MESSAGES.productNotFound, schema: ApiErrorSchema },
    },
  },
  {
    method: "get",
    path: "/api/v1/favorites/{productId}",
    summary: "Le produit est-il dans les favoris ?",
    tags: ["Favoris"],
    auth: "session",
    pathParams: z.object({ productId: z.uuid() }),
    responses: {
      200: { description: "État du favori", schema: FavoriteStateSchema },
      400: { description: "Produit invalide", schema: ApiErrorSchema },
      401: { description: ACCOUNT_MESSAGES.signRequired, schema: ApiErrorSchema },
    },
  },
  {
    method: "delete",
    path: "/api/v1/favorites/{productId}",
    summary: "Retirer un produit des favoris",
    tags: ["Favoris"],
    auth: "session",
    pathParams: z.object({ productId: z.uuid() }),
    responses: {
      200: { description: "Retiré des favoris", schema: FavoriteStateSchema },
      400: { description: "Produit invalide", schema: ApiErrorSchema },
      401: { description: "Vous devez être connecté pour supprimer des favoris", schema: ApiErrorSchema },
    },
  },
];

/** Carnet d'adresses (docs/decisions/006-cart-favourites-addresses.md). Someone else's address id reads as unknown: 404. */
function addressOperations(): ApiOperation[] {
  const unauthenticated = { 401: { description: ACCOUNT_MESSAGES.signRequired, schema: ApiErrorSchema } };
  const notFound = { 404: { description: "Adresse introuvable", schema: ApiErrorSchema } };
  const invalid = { 400: { description: "Champs invalides (details: [{ field, message }])", schema: ApiErrorSchema } };
  const id = z.object({ id: z.uuid() });
  const tags = ["Adresses"];
  return [
    {
      method: "get",
      path: "/api/v1/addresses",
      summary: "Les adresses de l'utilisateur connecté, l'adresse par défaut d'abord",
      tags,
      auth: "session",
      responses: { 200: { description: "Adresses", schema: SavedAddressListSchema }, ...unauthenticated },
    },
    {
      method: "post",
      path: "/api/v1/addresses",
      summary: "Enregistrer une adresse (la première devient l'adresse par défaut ; 20 au maximum)",
      tags,
      auth: "session",
      body: AddressCreateBodySchema,
      responses: {
        201: { description: "Adresse enregistrée", schema: SavedAddressResponseSchema },
        ...invalid,
        ...unauthenticated,
        409: { description: "Limite de 20 adresses atteinte", schema: ApiErrorSchema },
      },
    },
    {
      method: "get",
      path: "/api/v1/addresses/{id}",
      summary: "Une adresse de l'utilisateur connecté",
      tags,
      auth: "session",
      pathParams: id,
      responses: { 200: { description: "Adresse", schema: SavedAddressResponseSchema }, ...unauthenticated, ...notFound },
    },
    {
      method: "patch",
      path: "/api/v1/addresses/{id}",
      summary: 'Modifier une adresse ; { "is_default": true } en fait l\'adresse par défaut',
      tags,
      auth: "session",
      pathParams: id,
      body: AddressPatchBodySchema,
      responses: {
        200: { description: "Adresse modifiée", schema: SavedAddressResponseSchema },
        ...invalid,
        ...unauthenticated,
        ...notFound,
      },
    },
    {
      method: "post",
      path: "/api/v1/addresses/{id}",
      summary: 'Action sur une adresse : { "action": "set_default" } en fait l\'adresse par défaut',
      tags,
      auth: "session",
      pathParams: id,
      body: AddressActionBodySchema,
      responses: {
        200: { description: "Nouvelle adresse par défaut", schema: SavedAddressResponseSchema },
        ...invalid,
        ...unauthenticated,
        ...notFound,
      },
    },
    {
      method: "delete",
      path: "/api/v1/addresses/{id}",
      summary: "Supprimer une adresse (l'adresse par défaut ne peut pas être supprimée)",
      tags,
      auth: "session",
      pathParams: id,
      responses: {
        200: { description: "Adresse supprimée", schema: AddressDeletedSchema },
        ...unauthenticated,
        ...notFound,
        409: { description: "Adresse par défaut", schema: ApiErrorSchema },
      },
    },
  ];
}

/** Notifications (docs/decisions/010-notifications-realtime.md): someone else's notification id reads as unknown: 404. */
function notificationOperations(): ApiOperation[] {
  const unauthenticated = { 401: { description: ACCOUNT_MESSAGES.signRequired, schema: ApiErrorSchema } };
  const notFound = { 404: { description: "Notification introuvable", schema: ApiErrorSchema } };
  const id = z.object({ id: z.uuid() });
  const tags = ["Notifications"];
  return [
    {
      method: "get",
      path: "/api/v1/notifications",
      summary: "Les notifications de l'utilisateur connecté, les plus récentes d'abord, et le nombre de non lues",
      tags,
      auth: "session",
      query: NotificationListQuerySchema,
      responses: {
        200: { description: "Notifications", schema: NotificationListSchema },
        400: { description: "Paramètres invalides", schema: ApiErrorSchema },
        ...unauthenticated,
      },
    },
    {
      method: "get",
      path: "/api/v1/notifications/stream",
      summary:
        "Flux temps réel (text/event-stream) : un évènement `notification` (la notification en JSON) par nouvelle notification ; un commentaire toutes les 25 s",
      tags,
      auth: "session",
      responses: { 200: { description: "Flux Server-Sent Events" }, ...unauthenticated },
    },
    {
      method: "post",
      path: "/api/v1/notifications/read-all",
      summary: "Marquer comme lues toutes les notifications non lues",
      tags,
      auth: "session",
      responses: { 200: { description: "Nombre de notifications modifiées", schema: NotificationsReadAllSchema }, ...unauthenticated },
    },
    {
      method: "get",
      path: "/api/v1/notifications/{id}",
      summary: "Une notification de l'utilisateur connecté",
      tags,
      auth: "session",
      pathParams: id,
      responses: { 200: { description: "Notification", schema: NotificationResponseSchema }, ...unauthenticated, ...notFound },
    },
    {
      method: "patch",
      path: "/api/v1/notifications/{id}",
      summary: 'Marquer une notification comme lue : { "is_read": true }',
      tags,
      auth: "session",
      pathParams: id,
      body: NotificationPatchBodySchema,
      responses: {
        200: { description: "Notification lue", schema: NotificationResponseSchema },
        400: { description: "Corps invalide", schema: ApiErrorSchema },
        ...unauthenticated,
        ...notFound,
      },
    },
    {
      method: "delete",
      path: "/api/v1/notifications/{id}",
      summary: "Supprimer une notification",
      tags,
      auth: "session",
      pathParams: id,
      responses: { 200: { description: "Notification supprimée", schema: NotificationDeletedSchema }, ...unauthenticated, ...notFound },
    },
  ];
}

type JsonSchema = Record<string, unknown>;

const COMPONENTS_PREFIX = "#/components/schemas/";

/**
 * The document's shared schemas: each named zod schema (`.meta({ id })`) once, in
 * components/schemas, referenced from every operation that uses it. zod writes a named schema
 * into the converted schema's own `$defs`; a `$ref` to `#/$defs/…` would then resolve against the
 * document's root, which has none, so the definitions move here and the references follow them.
 * A name whose request form differs from its answer form (defaults, transforms) keeps both, the
 * request one as `<name>Input`.
 */
class SharedSchemas {
  readonly schemas: Record<string, JsonSchema> = {};
  private readonly texts = new Map<string, string>();

  convert(schema: z.ZodType, io: "input" | "output"): JsonSchema {
    const json = z.toJSONSchema(schema, { target: "draft-2020-12", io, unrepresentable: "any", reused: "inline" }) as JsonSchema;
    delete json.$schema;
    const defs = (json.$defs ?? {}) as Record<string, JsonSchema>;
    delete json.$defs;
    const names = new Map<string, string>();
    for (const [id, def] of Object.entries(defs)) names.set(id, this.nameFor(id, JSON.stringify(def), io));
    const relink = (value: unknown): unknown => {
      if (Array.isArray(value)) return value.map(relink);
      if (!value || typeof value !== "object") return value;
      const out: JsonSchema = {};
      for (const [key, inner] of Object.entries(value)) {
        out[key] =
          key === "$ref" && typeof inner === "string" && inner.startsWith("#/$defs/")
            ? `${COMPONENTS_PREFIX}${names.get(inner.slice("#/$defs/".length)) ?? inner.slice("#/$defs/".length)}`
            : relink(inner);
      }
      return out;
    };
    for (const [id, def] of Object.entries(defs)) this.schemas[names.get(id)!] ??= relink(def) as JsonSchema;
    return relink(json) as JsonSchema;
  }

  private nameFor(id: string, text: string, io: "input" | "output"): string {
    const candidates = [id, io === "input" ? `${id}Input` : `${id}Output`];
    for (let n = 2; candidates.length < 10; n++) candidates.push(`${id}${n}`);
    for (const name of candidates) {
      const known = this.texts.get(name);
      if (known === undefined) {
        this.texts.set(name, text);
        return name;
      }
      if (known === text) return name;
    }
    throw new Error(`OpenAPI: too many different schemas named ${id}`);
  }
}

function parametersOf(shared: SharedSchemas, schema: z.ZodObject | undefined, location: "query" | "path"): JsonSchema[] {
  if (!schema) return [];
  const json = shared.convert(schema, "input");
  const properties = (json.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((json.required as string[] | undefined) ?? []);
  return Object.entries(properties).map(([name, prop]) => ({
    name,
    in: location,
    required: location === "path" || required.has(name),
    ...(typeof prop.description === "string" ? { description: prop.description } : {}),
    schema: prop,
  }));
}

/** What each operation accepts (decision 049): nothing, a session, an administrator's session, or that or an API key. */
function securityOf(auth: ApiOperation["auth"]): JsonSchema[] {
  if (auth === "session" || auth === "admin") return [{ sessionCookie: [] }];
  if (auth === "admin_api") return [{ sessionCookie: [] }, { apiKey: [] }];
  // Public: an explicit empty list says so (no scheme is needed).
  return [];
}

/** "getAdminOrdersIdShip": a stable name per operation, for code generators. */
function operationIdOf(op: ApiOperation): string {
  const words = op.path
    .replace(/^\/api\/v1\//, "")
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean);
  return op.method + words.map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join("");
}

export function buildOpenApiDocument(serverUrl: string): JsonSchema {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  const shared = new SharedSchemas();
  const toSchema = (schema: z.ZodType, io: "input" | "output") => shared.convert(schema, io);
  for (const op of operations) {
    const responses: Record<string, JsonSchema> = {};
    // Every body is bounded and typed by the Node server and the one JSON reader (decision 023).
    const bodyRefusals: ApiOperation["responses"] =
      op.body || op.rawBody
        ? {
            413: {
              description: `Requête trop volumineuse (${megabytes(FORM_BODY_MAX_BYTES)} au plus, ${megabytes(IMAGE_UPLOAD_MAX_BYTES)} pour une image)`,
              schema: ApiErrorSchema,
            },
            415: { description: "Type de contenu non pris en charge", schema: ApiErrorSchema },
          }
        : {};
    for (const [status, response] of Object.entries({ ...bodyRefusals, ...op.responses })) {
      responses[status] = {
        description: response.description,
        ...(response.schema ? { content: { "application/json": { schema: toSchema(response.schema, "output") } } } : {}),
        ...(response.binary ? { content: { [response.binary]: { schema: { type: "string", format: "binary" } } } } : {}),
      };
    }
    paths[op.path] ??= {};
    paths[op.path][op.method] = {
      operationId: operationIdOf(op),
      summary: op.summary,
      tags: op.tags,
      parameters: [...parametersOf(shared, op.pathParams, "path"), ...parametersOf(shared, op.query, "query")],
      ...(op.body ? { requestBody: { required: true, content: { "application/json": { schema: toSchema(op.body, "input") } } } } : {}),
      ...(op.rawBody
        ? {
            requestBody: {
              required: true,
              description: op.rawBody.description,
              content: Object.fromEntries(op.rawBody.contentTypes.map((t) => [t, { schema: { type: "string", format: "binary" } }])),
            },
          }
        : {}),
      responses,
      security: securityOf(op.auth),
    };
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "Aurore API",
      version: "1.0.0",
      description: "API publique de la boutique Aurore. Montants en centimes d'euro, TTC. Messages d'erreur en français.",
    },
    servers: [{ url: serverUrl }],
    paths,
    components: {
      schemas: shared.schemas,
      securitySchemes: {
        sessionCookie: { type: "apiKey", in: "cookie", name: "better-auth.session_token" },
        // The admin API's keys, created in Paramètres (docs/decisions/049-api-keys-and-admin-api.md).
        apiKey: {
          type: "http",
          scheme: "bearer",
          description: "Clé API « aur_live_… » créée dans Paramètres ; chaque opération demande un accès (catalog:read, stock:write…).",
        },
      },
    },
  };
}
