/**
 * What the shopper reads when a card payment does not go through, whichever provider answered
 * (the simulated acquirer and Stripe, decision 059). Imports nothing, so every provider's file
 * reads them without importing another provider.
 */
export const PAYMENT_DECLINED_MESSAGE = "Paiement refusé par votre banque. Veuillez utiliser une autre carte.";
export const AUTHENTICATION_FAILED_MESSAGE =
  "Votre banque n'a pas validé le paiement (authentification 3-D Secure échouée) : vous n'avez pas été débité.";
export const WRONG_CVC_MESSAGE = "Cryptogramme incorrect : vérifiez les 3 ou 4 chiffres au dos de votre carte.";
export const CARD_EXPIRED_MESSAGE = "Cette carte a expiré : utilisez une autre carte.";
export const UNKNOWN_TOKEN_MESSAGE = "Cette carte enregistrée n'est plus valable : utilisez une autre carte.";
