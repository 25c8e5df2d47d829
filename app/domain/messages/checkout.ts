/**
 * The French messages of the cart and checkout: delivery, promo codes, gift cards, points, each under its stable code (decision 055).
 * The French text lives only here; the English is `checkout.message.<code>` in
 * app/locales/en/checkout.json, and a test fails when a code has none. A template's `{name}`
 * placeholders are filled by `formatMessage`. Sections name the part of the shop that uses them
 * ("shared": several parts, "server": only the server).
 */
// checkout-ui
export const correctCustomerDetails = "Veuillez corriger les informations client";
export const somethingWentWrongWhilePlacing = "Une erreur est survenue lors de la commande.";
export const adjustQuantitiesCartTryAgain = "Veuillez ajuster les quantités dans votre panier et réessayer.";
export const checkConnectionTryAgain = "Vérifiez votre connexion puis réessayez.";
export const pickupPointSearchFailedTry = "La recherche de points relais a échoué. Veuillez réessayer.";
export const giftCardAlreadyApplied = "Cette carte cadeau est déjà appliquée";
export const somethingWentWrongCheckConnection = "Une erreur est survenue. Vérifiez votre connexion puis réessayez.";
export const correctBusinessInvoiceDetails = "Veuillez corriger les informations de l'entreprise à facturer.";

// checkout
export const notEnoughStock = "Stock insuffisant";
export const selectValidBillingAddress = "Veuillez sélectionner une adresse de facturation valide";
export const fullNameRequired = "Le nom complet est obligatoire";
export const invalidPhoneNumberLeast10 = "Format de téléphone invalide (minimum 10 chiffres)";
export const savedCardNotFoundChoose = "Carte enregistrée introuvable : choisissez une autre carte.";
export const providerPaymentMethodInvalid = "Carte non reconnue : saisissez-la à nouveau dans le formulaire de paiement.";
export const providerPaymentMethodUnsupported =
  "Ce moyen de paiement n'est pas accepté ici : saisissez votre carte dans le formulaire de paiement.";
export const savedCardCvcNotAccepted =
  "Le cryptogramme d'une carte enregistrée n'est pas demandé ici : la banque le vérifie elle-même si besoin.";
export const paymentFormIncomplete = "Complétez les informations de votre carte.";
export const orderSavedUnconfirmed =
  "Votre commande est enregistrée, mais sa confirmation n'a pas pu s'afficher. Retrouvez-la dans Mes commandes.";
export const paymentFormUnavailable = "Le formulaire de paiement n'a pas pu se charger. Vérifiez votre connexion puis rechargez la page.";
export const invalidItemCart = "Article invalide dans le panier";
export const invalidNumberPoints = "Nombre de points invalide";
export const unknownDeliveryMethod = "Mode de livraison inconnu";
export const deliveryOverseasPerfumesContainAlcohol =
  "Livraison en outre-mer : les parfums contiennent de l'alcool et sont soumis à des restrictions de transport. Leur acheminement peut prendre plus de temps que le délai annoncé.";
export const maxLineQuantity = "Quantité maximale : {max} par article";
export const zoneCorsica = "Corse";
export const zoneOverseas = "Outre-mer";

// delivery
export const enter5DigitPostcode = "Saisissez un code postal à 5 chiffres";
export const noPickupPointFoundPostcode = "Aucun point relais trouvé pour ce code postal";
export const freeExpressDeliveryBeautyVip = "Livraison express offerte (Beauty VIP)";
export const freeExpressDeliveryMonthBeauty = "Livraison express offerte ce mois-ci (Beauty Expert)";
export const deliveryMethodNotAvailableAddress = "Ce mode de livraison n'est pas proposé pour cette adresse";
export const choosePickupPoint = "Veuillez choisir un point relais";
export const pickupPointDoesNotExist = "Ce point relais n'existe pas ou n'est plus disponible";
export const pickupPointNotAvailableDelivery =
  "Ce point relais n'est pas proposé pour votre adresse de livraison : choisissez-en un dans la même zone (France continentale ou Corse)";
export const pickupServiceUnavailable =
  "Service momentanément indisponible : choisissez un autre mode de livraison ou réessayez dans quelques minutes.";
export const standardDelivery = "Livraison standard";
export const expressDelivery = "Livraison express";

// loyalty
export const notEnoughBeautyPassPoints = "Points insuffisants";

// promotions
export const enterPromoCode = "Veuillez saisir un code promo";
export const promoCodeDoesNotExist = "Ce code promo n'existe pas";
export const promoCodeNoLongerActive = "Ce code promo n'est plus actif";
export const promoCodeExpired = "Ce code promo a expiré";
export const promoCodeReservedAnotherCustomer = "Ce code promo est réservé à un autre client";
export const promoCodesCannotCombinedBeauty = "Les codes promo ne sont pas cumulables avec les points Beauty Pass";
export const promoCodeReachedMaximumNumber = "Ce code promo a atteint son nombre maximal d'utilisations";
export const alreadyUsedPromoCode = "Vous avez déjà utilisé ce code promo";
export const welcomeCodeFirstOrderOnly = "Ce code de bienvenue est réservé à votre première commande";
export const noItemCartEligiblePromo = "Aucun article de votre panier n'est concerné par ce code promo";

// server
export const giftCardsBalanceChangedSince =
  "Le solde d'une carte cadeau a changé depuis l'affichage du récapitulatif. Veuillez vérifier le récapitulatif et réessayer.";
export const giftCardsCannotPayAnother = "Les cartes cadeaux ne peuvent pas payer l'achat d'une autre carte cadeau";

// shared
export const selectValidDeliveryAddress = "Veuillez sélectionner une adresse de livraison valide";
export const mainlandFrance = "France métropolitaine";
export const securityCodeRequired = "Le cryptogramme est obligatoire";
export const pickupPoint = "Point relais";
export const nameMustLeast2Characters = "Le nom doit contenir au moins 2 caractères";

// business invoices (decision 063): the checkout's and the account's forms, checked on both sides
export const companyNameRequired = "La raison sociale est obligatoire.";
export const sirenInvalid = "SIREN invalide : vérifiez les 9 chiffres.";
export const siretInvalid = "SIRET invalide : vérifiez les 14 chiffres.";
export const sirenOrSiretFormat = "Saisissez un SIREN (9 chiffres) ou un SIRET (14 chiffres).";
export const siretSirenMismatch = "Le SIRET ne correspond pas au SIREN indiqué.";
export const frenchCompanyNeedsSiren = "Pour une entreprise française, indiquez son SIREN ou son SIRET.";
export const vatNumberInvalidKey = "Numéro de TVA intracommunautaire invalide : la clé de contrôle ne correspond pas.";
export const vatNumberInvalidFormat =
  "Numéro de TVA intracommunautaire invalide : le nombre ou la nature des caractères après le code pays ne correspond pas.";
export const vatNumberUnknownCountry =
  "Numéro de TVA intracommunautaire invalide : il doit commencer par le code d'un pays de l'Union européenne (FR, BE, DE…).";
export const vatNumberGreecePrefix = "Numéro de TVA intracommunautaire invalide : pour la Grèce, le code pays est EL.";
export const vatNumberSirenMismatch = "Le numéro de TVA intracommunautaire ne correspond pas au SIREN indiqué.";

// gift options (decision 068): the checkout's gift wrap, gift message and gift receipt, and their settings
export const giftMessageTooLong = "Le message cadeau ne peut pas dépasser {max} caractères.";
export const giftMessageNoMarkup = "Le message cadeau doit être du texte simple : les caractères < et > ne sont pas acceptés.";
export const giftOptionsInvalid = "Options cadeau invalides.";
export const giftWrapNotOffered = "L'emballage cadeau n'est pas proposé en ce moment : décochez-le pour continuer.";
export const giftWrapNeedsParcel = "L'emballage cadeau ne s'applique qu'aux articles livrés dans un colis.";
export const giftWrapPriceInvalid = "Le prix de l'emballage cadeau doit être compris entre 0 et 50 €, avec deux décimales au plus.";
export const giftWrapSettingsInvalid = "Emballage cadeau : corrigez les champs signalés.";
export const giftWrapSettingsSaved = "Emballage cadeau : réglages enregistrés.";
export const giftReceiptUnavailable = "Cette commande n'a pas de ticket cadeau.";

// free samples (decision 067): the checkout's choice, refused on the server in these words
export const sampleUnknown = "Un échantillon choisi n'existe pas ou n'est plus proposé : veuillez revoir votre choix.";
export const sampleChosenTwice = "Vous avez choisi deux fois le même échantillon : veuillez revoir votre choix.";
export const sampleOverAllowance = "Vous pouvez choisir {max} échantillons offerts au maximum.";
export const sampleOutOfStock = "L'échantillon « {name} » est épuisé : veuillez en choisir un autre.";
export const sampleIdsInvalid = "Le choix des échantillons est invalide : veuillez revoir votre choix.";
export const sampleNotAdded = "L'échantillon « {name} » s'est épuisé pendant votre commande : il n'a pas pu être ajouté.";
