/**
 * Answers many contracts document alike: the guard's refusals of the back-office routes, a field
 * refusal, an order document that is not found, and a path's `{id}`. One wording each, so the
 * document says the same thing wherever the same check answers.
 */
import { z } from "zod";
import { ApiErrorSchema } from "~/.server/api/schemas";
import * as ACCOUNT_MESSAGES from "~/domain/messages/account";

/** A path's `{id}`: a uuid. */
export const uuidPathParams = z.object({ id: z.uuid() });

/** A back-office route an administrator's session reaches (requireAdmin). */
export const adminSessionGuard = {
  401: { description: ACCOUNT_MESSAGES.signRequired, schema: ApiErrorSchema },
  403: { description: "Accès réservé à l'administrateur", schema: ApiErrorSchema },
};

/** An admin API route: a session or an API key with the area's access (requireAdminApi, decision 049). */
export const adminApiGuard = {
  401: { description: "Ni session ni clé API valide (clé inconnue, révoquée ou expirée)", schema: ApiErrorSchema },
  403: { description: "Pas administrateur, ou clé sans l'accès demandé", schema: ApiErrorSchema },
  429: { description: "Trop de requêtes pour cette clé (en-tête Retry-After)", schema: ApiErrorSchema },
};

/** A body refused field by field. */
export const invalidFieldsBody = { 400: { description: "Données invalides (messages en français, par champ)", schema: ApiErrorSchema } };

/** An invoice or credit note download of an order the caller may not see, or without that document. */
export const orderDocumentNotFound = {
  404: {
    description: "Commande introuvable (ou d'un autre client), ou document introuvable (commande jamais payée, avoir inconnu)",
    schema: ApiErrorSchema,
  },
};
