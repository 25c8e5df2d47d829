/**
 * The French messages of the shop's pages: catalogue, product, reviews, chat, contact, newsletter,
 * gift cards, each under its stable code (decision 055).
 * The French text lives only here; the English is `shop.message.<code>` in
 * app/locales/en/shop.json, and a test fails when a code has none. A template's `{name}`
 * placeholders are filled by `formatMessage`. Sections name the part of the shop that uses them
 * ("shared": several parts, "server": only the server).
 */
// account
export const promotionsLabel = "Promotions";

// admin-ui
export const skinType = "Type de peau";

// catalog
export const stock = "En stock";
export const under20 = "Moins de 20 €";
export const n2050 = "20 – 50 €";
export const n50100 = "50 – 100 €";
export const over100 = "Plus de 100 €";
export const allTypes = "Tous types";
export const minPrice = "Prix min";
export const maxPrice = "Prix max";
export const featuredProducts = "Produits vedettes";
export const chooseVariantProduct = "Choisissez une variante du produit";
export const thankIfAddressValidWill = "Merci ! Si cette adresse est valide, vous recevrez un e-mail pour confirmer votre alerte.";
export const notedWeWillWriteAs = "C'est noté : nous vous écrirons dès son retour en stock.";
export const variantAvailableAddCart = "Cette variante est disponible : vous pouvez l'ajouter au panier.";
export const skinDry = "Sèche";
export const skinOily = "Grasse";
export const skinCombination = "Mixte";
export const skinSensitive = "Sensible";
export const filterSelection = "Sélection";

// chat
export const writeMessage = "Écrivez votre message";
export const conversationEnded = "Cette conversation est terminée.";

// gift-cards
export const littleSomething = "Une petite attention";
export const mostGiven = "Le plus offert";
export const exceptionalSkincareProductLipstick = "Un soin ou un rouge à lèvres d'exception";
export const signaturePerfume = "Un parfum signature";
export const completeBeautyRoutine = "Une routine beauté complète";
export const heightLuxury = "Le grand luxe";
export const enterValidAmount = "Veuillez saisir un montant valide";
export const chooseAmount = "Veuillez choisir un montant";
export const chooseOccasion = "Veuillez choisir une occasion";
export const chooseDeliveryMethod = "Veuillez choisir un mode d'envoi";
export const recipientsEMailRequiredCard = "L'e-mail du destinataire est obligatoire pour un envoi par e-mail";
export const enterGiftCardCode = "Veuillez saisir le code de la carte cadeau";
export const giftCardAmountRange = "Le montant doit être compris entre {min} € et {max} €";
export const giftCardRecipientNameMaxLength = "Le nom du destinataire ne peut pas dépasser {max} caractères";
export const giftCardMessageMaxLength = "Le message ne peut pas dépasser {max} caractères";

// newsletter-pages
export const subscriptionCouldNotSavedTry = "Votre inscription n'a pas pu être enregistrée. Veuillez réessayer dans un instant.";

// newsletter
export const addressAlreadySubscribedNewsletter = "Cette adresse est déjà inscrite à notre newsletter.";
export const newsletterEmailMaxLength = "L'email ne doit pas dépasser {max} caractères";

// restock-pages
export const invalidRequest = "Demande invalide";

// reviews-ui
export const voteCouldNotSaved = "Votre vote n'a pas pu être enregistré.";
export const reportCouldNotSaved = "Le signalement n'a pas pu être enregistré.";
export const photoCouldNotAdded = "Cette photo n'a pas pu être ajoutée.";
export const reviewCouldNotSavedTry = "Votre avis n'a pas pu être enregistré. Veuillez réessayer.";
export const reviewCouldNotUpdatedTry = "Votre avis n'a pas pu être modifié. Veuillez réessayer.";

// reviews
export const chooseRating15Stars = "Choisissez une note de 1 à 5 étoiles";
export const titleRequired = "Le titre est obligatoire";
export const reviewRequired = "Votre avis est obligatoire";
export const unknownAgeRange = "Tranche d'âge inconnue";
export const unknownVariant = "Variante inconnue";
export const onlyCustomersWhoReceivedProduct = "Seuls les clients ayant reçu ce produit peuvent donner leur avis (avis vérifiés).";
export const alreadyReviewedVariantProduct = "Vous avez déjà donné votre avis sur ce produit pour cette variante.";
export const reviewNotFound = "Avis introuvable";
export const reviewAlreadyModeratedNoLonger = "Cet avis a déjà été modéré : il ne peut plus être modifié, mais vous pouvez le supprimer.";
export const cannotVoteOwnReview = "Vous ne pouvez pas voter pour votre propre avis.";
export const reviewNotPublished = "Cet avis n'est pas publié.";
export const contentUnrelatedProduct = "Contenu sans rapport avec le produit";
export const abusiveDiscriminatoryDefamatoryRemarks = "Propos injurieux, discriminatoires ou diffamatoires";
export const personalDataFullNamePhone = "Données personnelles (nom complet, téléphone, adresse…)";
export const advertisingLinkMentionAnotherSite = "Publicité, lien ou mention d'un autre site";
export const reviewAboutDeliveryServiceRather = "Avis portant sur la livraison ou le service plutôt que sur le produit";
export const reviewTitleMinLength = "Le titre doit contenir au moins {min} caractères";
export const reviewTitleMaxLength = "Le titre ne doit pas dépasser {max} caractères";
export const reviewBodyMinLength = "Votre avis doit contenir au moins {min} caractères";
export const reviewBodyMaxLength = "Votre avis ne doit pas dépasser {max} caractères";
export const reviewPhotosMax = "{max} photos au maximum";

// server
export const tooManyRequestsShortTime = "Trop de demandes en peu de temps. Veuillez réessayer dans quelques minutes.";
export const n4StarsUp = "4 étoiles et plus";
export const sale = "En promotion";
export const productVariantDoesNotExist = "Cette variante du produit n'existe pas.";
export const invalidGiftCard = "Carte cadeau invalide";
export const invalidRequest2 = "Requête invalide";
export const giftCardDisabled = "Cette carte cadeau a été désactivée";
export const giftCardNoBalanceLeft = "Le solde de cette carte cadeau est épuisé";
export const tooManyGiftCardChecks = "Trop de vérifications de carte cadeau. Veuillez réessayer dans une minute.";
export const addressExpectsForm = "Cette adresse attend un formulaire.";
export const formSentEmpty = "Le formulaire envoyé est vide.";
export const formSentCouldNotRead = "Le formulaire envoyé n'a pas pu être lu.";
export const facetCategory = "Catégorie";
export const facetBrand = "Marque";
export const facetPrice = "Prix";
export const facetRating = "Note";
export const facetAvailability = "Disponibilité";

// shared
export const conversationNotFound = "Conversation introuvable";
export const nameRequired = "Le nom est obligatoire";
export const eMailRequired = "L'e-mail est obligatoire";
export const enterValidEMailAddress = "Veuillez saisir une adresse e-mail valide (ex. : nom@exemple.fr)";
export const messageCouldNotSentTry = "Votre message n'a pas pu être envoyé. Veuillez réessayer dans un instant.";
export const brandNotFound = "Marque introuvable";
export const productNotFound = "Produit introuvable";
export const profileNotFound = "Profil introuvable";
export const invalidEMailFormat = "Format d'e-mail invalide";
export const cannotConnectCheckNetworkTry = "Connexion impossible. Vérifiez votre réseau et réessayez.";
export const invalidReview = "Avis invalide";
export const unknownSkinType = "Type de peau inconnu";
export const eMailRequired2 = "L'email est obligatoire";
export const invalidEMailFormat2 = "Format d'email invalide";
export const unknownGiftCardCode = "Code de carte cadeau inconnu";
export const messageRequired = "Le message est obligatoire";
export const messageMaxLength = "Le message ne doit pas dépasser {max} caractères";
export const nameMaxLength = "Le nom ne doit pas dépasser {max} caractères";
export const emailMaxLength = "L'e-mail ne doit pas dépasser {max} caractères";
export const normalLabel = "Normale";

// shop-pages
export const categoryNotFound = "Catégorie non trouvée";
export const productsCouldNotLoaded = "Les produits n'ont pas pu être chargés.";

// support
export const subjectRequired = "Le sujet est obligatoire";
export const messageSentTeamRepliesWithin = "Votre message a bien été envoyé. Notre équipe vous répond sous 2 heures en moyenne.";
export const subjectMaxLength = "Le sujet ne doit pas dépasser {max} caractères";

// sets (docs/decisions/070-sets.md)
export const setContainsItself = "Un coffret ne peut pas se contenir lui-même.";
export const setCycle = "{name} contient déjà ce coffret : un coffret ne peut pas contenir un coffret qui le contient.";
export const setComponentIsSet = "{name} est un coffret : un coffret ne peut pas contenir un autre coffret.";
export const setIsComponent = "Ce produit fait partie du coffret {name} : un composant ne peut pas devenir un coffret.";
export const setDuplicateComponent = "{name} figure deux fois dans le coffret : modifiez plutôt sa quantité.";
export const setQuantityRange = "La quantité d'un composant doit être un nombre entier entre 1 et {max}.";
export const setTooManyComponents = "Un coffret contient au plus {max} composants.";
export const setComponentNotFound =
  "Composant introuvable : choisissez un produit du catalogue (une carte cadeau ne peut pas faire partie d'un coffret).";
export const setStockDerived =
  "Le stock d'un coffret se calcule à partir de celui de ses composants : modifiez plutôt le stock des composants.";
export const setNotFound = "Coffret introuvable.";
