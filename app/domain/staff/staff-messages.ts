/**
 * The team's French messages (decision 066). The back-office is in French; each message is a
 * constant so the server and the forms say the same words.
 */
import { formatMessage } from "~/domain/messages/format";
import { permissionLabel, type Permission } from "./permissions";

export const STAFF_ONLY_MESSAGE = "Accès réservé à l'équipe de la boutique";
export const STAFF_DISABLED_MESSAGE = "Votre compte d'équipe est désactivé : adressez-vous au propriétaire de la boutique.";
export const TWO_FACTOR_REQUIRED_MESSAGE =
  "Activez la double authentification pour accéder à l'administration : elle est obligatoire pour l'équipe.";
export const SECOND_FACTOR_AGAIN_MESSAGE =
  "Cette action demande de confirmer votre identité : saisissez le code de votre application d'authentification.";
export const INVITATION_EXPIRED_MESSAGE = "Cette invitation a expiré : demandez au propriétaire de la boutique de vous inviter à nouveau.";
export const INVITATION_USED_MESSAGE =
  "Cette invitation a déjà servi : connectez-vous avec le compte créé, ou demandez une nouvelle invitation.";
export const INVITATION_UNKNOWN_MESSAGE =
  "Ce lien d'invitation n'est pas valide : vérifiez qu'il est complet, ou demandez une nouvelle invitation.";
export const INVITE_SHOPPER_MESSAGE =
  "Cette adresse est celle d'un compte client. Un membre de l'équipe a un compte distinct : invitez son adresse professionnelle (par exemple prenom@votre-boutique.fr).";
export const INVITE_STAFF_EXISTS_MESSAGE = "Cette adresse appartient déjà à un membre de l'équipe : changez son rôle dans la liste.";
export const LAST_OWNER_MESSAGE = "La boutique doit garder au moins un propriétaire actif : nommez d'abord un autre propriétaire.";
export const ROLE_EMPTY_MESSAGE = "Un rôle doit avoir au moins une permission";
export const ROLE_UNKNOWN_MESSAGE = "Rôle inconnu : choisissez un rôle de la liste";
export const PERMISSION_UNKNOWN_MESSAGE = "Permission inconnue : le formulaire a été modifié, rechargez la page.";
export const ROLE_NAME_REQUIRED_MESSAGE = "Le nom du rôle est requis";
export const ROLE_NAME_TAKEN_MESSAGE = "Un rôle porte déjà ce nom";
export const ROLE_IN_USE_MESSAGE = "Ce rôle est attribué à des membres de l'équipe : changez d'abord leur rôle.";
export const STAFF_NOT_FOUND_MESSAGE = "Membre de l'équipe introuvable";
export const STAFF_ACCOUNT_NOT_DELETABLE_MESSAGE =
  "Un compte de l'équipe ne se supprime pas, pour que le journal d'activité garde son nom : le propriétaire peut le désactiver dans Équipe.";
export const REFUND_LIMIT_INVALID_MESSAGE = "La limite de remboursement doit être un montant positif, en euros";

/** The 403 of a page or action whose permission the role lacks. */
export function missingPermissionMessage(permission: Permission): string {
  return formatMessage(
    "Accès refusé : il faut la permission « {permission} », que votre rôle n'a pas. Demandez-la au propriétaire de la boutique.",
    {
      permission: permissionLabel(permission),
    },
  );
}

/** A refund above the limit the owner set, for a role that refunds within it. */
export function refundOverLimitMessage(limit: string): string {
  return formatMessage("Ce remboursement dépasse votre limite de {limit} : demandez à un administrateur de le faire.", { limit });
}
