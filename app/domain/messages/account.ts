/**
 * The French messages of the account: sign-in, security, profile, addresses, orders, returns,
 * tickets, each under its stable code (decision 055).
 * The French text lives only here; the English is `account.message.<code>` in
 * app/locales/en/account.json, and a test fails when a code has none. A template's `{name}`
 * placeholders are filled by `formatMessage`. Sections name the part of the shop that uses them
 * ("shared": several parts, "server": only the server).
 */
// account-pages
export const passwordSetNowSign = "Votre mot de passe est défini. Vous pouvez maintenant vous connecter.";

// account
export const linkNoLongerValidAsk = "Ce lien n'est plus valide. Demandez un nouveau lien à notre service client.";
export const newPasswordDoesNotMeet = "Le nouveau mot de passe ne respecte pas tous les critères";
export const passwordsDoNotMatch = "Les mots de passe ne correspondent pas";
export const incorrectCurrentPassword = "Mot de passe actuel incorrect";
export const turnTwoFactorAuthenticationFirst =
  "Activez d'abord la double authentification : scannez le QR code, puis saisissez le code affiché.";
export const selectTypeProblemGiveDescription = "Veuillez sélectionner un type de problème et fournir une description";
export const currentPasswordRequired = "Le mot de passe actuel est obligatoire";
export const unauthorisedAccess = "Accès non autorisé";
export const suspiciousActivity = "Activité suspecte";
export const unknownDevice = "Appareil inconnu";
export const compromisedPassword = "Mot de passe compromis";
export const phishingAttempt = "Tentative d'hameçonnage (phishing)";
export const euro = "Euro (€)";
export const usDollar = "Dollar américain ($)";
export const poundSterling = "Livre sterling (£)";
export const londonEuropeLondon = "Londres (Europe/London)";
export const automaticFollowsDevice = "Automatique (selon l'appareil)";
export const myOrderUpdates = "Suivi de mes commandes";
export const preparationDispatchDeliveryCancellation = "Préparation, expédition, livraison et annulation.";
export const offersRemindersBeforeBeautyPass = "Offres et rappels d'expiration de vos points Beauty Pass.";
export const newsletterConfirmedEMail = "Notre lettre d'information (confirmation par e-mail).";
export const invitationsReview = "Invitations à donner mon avis";
export const oneWeekAfterDelivery = "Une semaine après la livraison.";
export const essentialEMailsAlwaysSent =
  "Les e-mails indispensables sont toujours envoyés : confirmation de commande, réinitialisation du mot de passe et alertes de sécurité.";
export const valueNotAllowed = "Valeur non autorisée";
export const incorrectPassword = "Mot de passe incorrect";
export const enterPassword = "Veuillez saisir votre mot de passe";
export const dateBirthCannotFuture = "La date de naissance ne peut pas être dans le futur";
export const minimumAge = "Vous devez avoir au moins {age} ans";
export const deviceMobile = "Mobile";
export const deviceTablet = "Tablette";
export const deviceComputer = "Ordinateur";
export const unknownLabel = "Inconnu";
export const severityLow = "Faible";
export const severityMedium = "Moyenne";
export const severityHigh = "Élevée";
export const themeLight = "Clair";
export const themeDark = "Sombre";
export const newsletterLabel = "Newsletter";

// addresses-ui
export const errorWhileLoadingAddresses = "Erreur lors du chargement des adresses";
export const errorWhileSavingAddress = "Erreur lors de la sauvegarde de l'adresse";
export const labelOptional = "Libellé (optionnel)";
export const companyOptional = "Société (optionnel)";
export const addressLine2Optional = "Complément d'adresse (optionnel)";
export const postcode = "Code postal";
export const regionOptional = "Région (optionnel)";
export const addressesCouldNotLoadedCreate = "Impossible de charger vos adresses. Veuillez créer une nouvelle adresse.";
export const fieldFirstName = "Prénom";
export const fieldLastName = "Nom";
export const fieldAddress = "Adresse";
export const fieldCity = "Ville";

// addresses
export const postcodeRequired = "Le code postal est obligatoire";
export const countryRequired = "Le pays est obligatoire";
export const postcodeMust5Digits = "Le code postal doit contenir 5 chiffres";
export const postcodeMust4Digits = "Le code postal doit contenir 4 chiffres";
export const addressRequired = "L'adresse est obligatoire";
export const cityRequired = "La ville est obligatoire";
export const postcodeDoesNotExistFrance = "Ce code postal n'existe pas en France : vérifiez-le";

// auth-ui
export const networkErrorCheckConnectionTry = "Erreur réseau. Vérifiez votre connexion et réessayez.";

// auth
export const tooManyAttemptsWaitFew = "Trop de tentatives. Veuillez patienter quelques minutes avant de réessayer.";
export const incorrectEMailPassword = "E-mail ou mot de passe incorrect.";
export const cannotSignUpEMail = "Inscription impossible avec cet e-mail. Si vous avez déjà un compte, connectez-vous.";
export const confirmationLinkNoLongerValid = "Ce lien de confirmation n'est plus valide. Demandez-en un nouveau depuis votre compte.";
export const accountDisabled = "Ce compte a été désactivé.";
export const invalidRequestCheckFieldsSent = "Requête invalide : vérifiez les champs envoyés.";
export const signRequired = "Connexion requise";
export const requestRefusedOriginNotAllowed = "Requête refusée : origine non autorisée.";
export const enter6DigitCodeBackup = "Saisissez le code à 6 chiffres ou un code de secours";
export const passwordTooCommonEasyGuess = "Ce mot de passe est trop courant et facile à deviner : choisissez-en un autre.";
export const upperCaseLetter = "Une lettre majuscule";
export const lowerCaseLetter = "Une lettre minuscule";
export const digit = "Un chiffre";
export const specialCharacter = "Un caractère spécial";
export const notCommonPassword = "Pas un mot de passe courant";
export const ifAccountExistsAddressWill =
  "Si un compte existe avec cette adresse, vous allez recevoir un e-mail avec un lien pour choisir un nouveau mot de passe (valable 1 heure).";
export const resetLinkNoLongerValid =
  "Ce lien de réinitialisation n'est plus valide : il a expiré ou a déjà été utilisé. Demandez un nouveau lien depuis « Mot de passe oublié ? ».";
export const passwordChangedNowSign = "Votre mot de passe a été modifié. Vous pouvez maintenant vous connecter.";
export const newConfirmationLinkJustSent = "Un nouveau lien de confirmation vient de vous être envoyé.";
export const eMailAddressAlreadyConfirmed = "Votre adresse e-mail est déjà confirmée.";
export const eMailAddressAlreadyUsed = "Cette adresse e-mail est déjà utilisée par un autre compte.";
export const alreadyAccountsEMailAddress = "C'est déjà l'adresse e-mail de votre compte.";
export const confirmationLinkSentNewAddress =
  "Un lien de confirmation a été envoyé à votre nouvelle adresse. Elle remplacera l'actuelle dès que vous aurez ouvert ce lien.";
export const eMailAddressConfirmed = "Votre adresse e-mail est confirmée.";
export const accountCouldNotCreatedTry = "Votre compte n'a pas pu être créé. Veuillez réessayer dans un instant.";
export const passwordMinLength = "Le mot de passe doit contenir au moins {min} caractères";
export const passwordMaxLength = "Le mot de passe doit contenir au plus {max} caractères";
export const passwordMaxLengthSentence = "Le mot de passe doit contenir au plus {max} caractères.";
export const passwordPolicy =
  "Le mot de passe doit contenir au moins {min} caractères avec une majuscule, une minuscule, un chiffre et un caractère spécial, ou être une phrase de passe d'au moins {passphraseMin} caractères et {passphraseWords} mots.";
export const passwordAtLeastCharacters = "Au moins {min} caractères";
export const passwordPassphraseAlternative = "Ou bien : une phrase de passe d'au moins {min} caractères et {words} mots";

// invoices
export const downloadInvoice = "Télécharger la facture";

// loyalty
export const errorWhileLoadingPoints = "Erreur lors du chargement des points";
export const errorWhileLoadingTransactions = "Erreur lors du chargement des transactions";
export const pointsEarned = "Gagnés";
export const pointsUsed = "Utilisés";
export const pointsExpired = "Expirés";
export const pointsCancelled = "Annulés";
export const pointsGivenBack = "Restitués";
export const pointsAdjustment = "Ajustement";

// notifications
export const orderTracking = "Suivi de commande";
export const unread = "Non lues";
export const topicPromotion = "Promotion";
export const topicSystem = "Système";
export const filterAll = "Toutes";
export const filterRead = "Lues";

// orders
export const beingPrepared = "En préparation";
export const statusConfirmed = "Confirmée";
export const statusShipped = "Expédiée";
export const statusDelivered = "Livrée";
export const statusReturned = "Retournée";

// payment-methods-ui
export const errorWhileLoadingPaymentMethods = "Erreur lors du chargement des méthodes de paiement";
export const errorWhileAdding = "Erreur lors de l'ajout";

// saved cards with Stripe (decision 059)
export const cardNumberInStripeForm =
  "Saisissez votre carte dans le formulaire de paiement sécurisé Stripe : son numéro ne doit jamais transiter par notre site.";
export const cardSetupUnavailable = "Cette boutique n'enregistre pas les cartes par le formulaire sécurisé Stripe.";
export const cardSetupNotConfirmed =
  "Cette carte n'a pas été confirmée auprès de votre banque : elle n'est pas enregistrée. Réessayez ou utilisez une autre carte.";
export const cardSetupProviderUnavailable =
  "Le service de paiement ne répond pas : votre carte n'a pas été enregistrée. Veuillez réessayer dans un instant.";

// payments
export const upcoming = "À venir";
export const awaitingYourAuthentication = "En attente de votre authentification (lien envoyé par e-mail)";
export const unpaidInstalment = "Échéance impayée";
export const statusPaid = "Payée";
export const statusUnpaid = "Impayée";

// an instalment the bank wants authenticated (decision 035)
export const instalmentLinkInvalid = "Ce lien de paiement n'est pas ou plus valable.";
export const instalmentPaymentInProgress =
  "Le paiement de cette échéance est déjà en cours : patientez quelques instants puis rechargez la page.";
export const instalmentNoLongerDue = "Cette échéance n'est plus à régler.";
export const instalmentNotConfirmedInTime = "Échéance non confirmée à temps : le lien de paiement a expiré.";
export const instalmentPaymentNotCompleted = "Le paiement n'a pas abouti : vous n'avez pas été débité. Vous pouvez réessayer.";
export const instalmentPaymentUnavailable =
  "Le service de paiement ne répond pas. Rechargez la page dans quelques minutes : si le paiement a abouti, l'échéance y apparaîtra réglée.";

// returns
export const awaitingParcel = "En attente du colis";
export const iChangedMyMind = "Je change d'avis";
export const productDoesNotSuitMe = "Le produit ne me convient pas";
export const productDamagedArrival = "Produit endommagé à la réception";
export const itemReceivedDiffersMyOrder = "Article reçu différent de ma commande";
export const otherReason = "Autre raison";
export const productOpenedUnsealed = "Produit ouvert ou descellé";
export const productDamagedAfterDelivery = "Produit abîmé après la livraison";
export const itemMissingParcel = "Article absent du colis";
export const itemNotOrder = "Article ne provenant pas de cette commande";
export const giftCardsCannotReturned = "Les cartes cadeaux ne peuvent pas être retournées.";
export const cannotReturnMoreItemsThan =
  "Vous ne pouvez pas retourner plus d'articles que vous n'en avez reçu (retours déjà demandés compris).";
export const chooseLeastOneItemReturn = "Choisissez au moins un article à retourner";
export const hygieneReasonsConfirmReturnedProducts =
  "Pour des raisons d'hygiène, confirmez que les produits retournés n'ont pas été ouverts ni descellés";
export const returnNotFound = "Retour introuvable";
export const returnsWindow = "Les retours sont possibles pendant {days} jours après la livraison d'une commande livrée.";
export const statusRefunded = "Remboursé";
export const statusRefused = "Refusé";

// server
export const passwordChangedSuccessfully = "Mot de passe modifié avec succès";
export const sessionEnded = "Session terminée";
export const allOtherSessionsEnded = "Toutes les autres sessions ont été terminées";
export const twoFactorAuthentication = "L'authentification à deux facteurs est activée";
export const twoFactorAuthenticationOff = "L'authentification à deux facteurs est désactivée";
export const preferencesSavedConfirmNewsletterSubscription =
  "Préférences enregistrées. Confirmez votre inscription à la newsletter avec le lien envoyé par e-mail.";
export const preferencesSaved = "Préférences enregistrées";
export const linkCouldNotSentTry = "Le lien n'a pas pu être envoyé. Veuillez réessayer.";
export const changeAddressCouldNotRequested = "Le changement d'adresse n'a pas pu être demandé. Veuillez réessayer.";
export const errorWhileChangingPassword = "Erreur lors du changement de mot de passe";
export const errorWhileEndingSession = "Erreur lors de la terminaison de la session";
export const errorWhileEndingSessions = "Erreur lors de la terminaison des sessions";
export const errorWhileSettingUp2fa = "Erreur lors de la configuration du 2FA";
export const errorWhileTurning2fa = "Erreur lors de l'activation du 2FA";
export const errorWhileTurningOff2fa = "Erreur lors de la désactivation du 2FA";
export const errorWhileSendingReportTry = "Erreur lors de l'envoi du rapport. Veuillez réessayer.";
export const errorWhileDeletingAccount = "Erreur lors de la suppression du compte";
export const userNotSigned = "Utilisateur non connecté";
export const accountNotFound = "Compte introuvable";
export const customerService = "Service client";
export const authorYou = "Vous";

// business invoicing details (decision 063)
export const businessInvoiceSaved = "Vos informations de facturation professionnelle sont enregistrées.";
export const businessInvoiceCleared = "Vos informations de facturation professionnelle sont supprimées.";
export const businessInvoiceNotSaved =
  "Vos informations de facturation professionnelle n'ont pas pu être enregistrées. Veuillez réessayer.";

// shared
export const incorrectVerificationCode = "Code de vérification incorrect";
export const somethingWentWrongTryAgain = "Une erreur est survenue. Veuillez réessayer.";
export const eMailTooLong = "L'email est trop long";
export const charactersNotAllowedName = "Caractères non autorisés dans le nom";
export const passwordRequired = "Le mot de passe est obligatoire";
export const invalidDateBirth = "Date de naissance invalide";
export const firstNameRequired = "Le prénom est obligatoire";
export const somethingWentWrong = "Une erreur est survenue";
export const swissFrancChf = "Franc suisse (CHF)";
export const pending = "En attente";
export const unknownStatus = "Statut inconnu";
export const errorWhileDeleting = "Erreur lors de la suppression";
export const errorWhileSettingDefault = "Erreur lors de la définition par défaut";
export const phoneRequired = "Le téléphone est obligatoire";
export const invalidPhoneFormat = "Format de téléphone invalide";
export const cardholdersNameRequired = "Le nom du titulaire est obligatoire";
export const cardNumberRequired = "Le numéro de carte est obligatoire";
export const invalidCardNumber = "Numéro de carte invalide";
export const cardNotAcceptedVisaMastercard = "Carte non acceptée (Visa, Mastercard ou American Express)";
export const expiryDateRequired = "La date d'expiration est obligatoire";
export const expectedFormatMmYy = "Format attendu : MM/AA";
export const cardExpired = "Carte expirée";
export const progress = "En cours";
export const maxCharacters = "{max} caractères au maximum";
export const descriptionMaxLength = "La description ne doit pas dépasser {max} caractères";
export const otherLabel = "Autre";
export const statusCancelled = "Annulée";
export const topicOrder = "Commande";
export const priorityUrgent = "Urgente";
export const priorityHigh = "Haute";
export const priorityLow = "Basse";

// support-ui
export const errorWhileLoadingSupportTickets = "Erreur lors du chargement des tickets de support";
export const errorWhileCreatingTicket = "Erreur lors de la création du ticket";
export const errorWhileLoadingConversation = "Erreur lors du chargement de la conversation";
export const errorWhileSendingReply = "Erreur lors de l'envoi de votre réponse";

// support
export const technicalProblem = "Problème technique";
export const descriptionRequired = "La description est obligatoire";
export const chooseCategoryOrderProductAccount = "Veuillez choisir une catégorie : commande, produit, compte, problème technique ou autre";
export const choosePriorityLowNormalHigh = "Veuillez choisir une priorité : basse, normale, haute ou urgente";
export const ticketClosedOpenNewTicket = "Ce ticket est fermé : ouvrez un nouveau ticket pour une nouvelle demande";
export const topicProduct = "Produit";
export const topicAccount = "Compte";
export const topicSecurity = "Sécurité";
export const ticketOpen = "Ouvert";
export const ticketResolved = "Résolu";
export const ticketClosed = "Fermé";

// beauty-box (docs/decisions/071-beauty-box.md)
export const boxNoSavedCard = "Pour vous abonner à la Beauty Box, enregistrez d'abord une carte bancaire dans Moyens de paiement.";
export const boxCardNotYours = "Cette carte ne fait pas partie de vos cartes enregistrées : choisissez-en une dans Moyens de paiement.";
export const boxAddressRequired = "Choisissez une adresse de livraison enregistrée pour recevoir votre Beauty Box.";
export const boxAddressNotYours = "Cette adresse ne fait pas partie de vos adresses enregistrées.";
export const boxAddressOutsideFrance = "La Beauty Box est livrée en France métropolitaine, en Corse et à Monaco uniquement.";
export const boxAlreadySubscribed = "Vous êtes déjà abonné(e) à la Beauty Box : gérez votre abonnement dans Ma Beauty Box.";
export const boxTermsRequired = "Veuillez accepter les conditions de l'abonnement pour vous abonner.";
export const boxSubscriptionNotFound = "Abonnement Beauty Box introuvable.";
export const boxSubscriptionCancelled = "Cet abonnement est résilié : abonnez-vous à nouveau pour recevoir la Beauty Box.";
export const boxMonthAlreadyCharged = "Cette box a déjà été prélevée : elle ne peut plus être sautée.";
export const boxMonthNotUpcoming = "Seul un mois à venir de votre abonnement peut être sauté.";
export const boxAlreadyPaused = "Votre abonnement est déjà en pause.";
export const boxNotPaused = "Votre abonnement n'est pas en pause.";
export const boxCardRemoved = "La carte enregistrée pour votre Beauty Box a été supprimée : choisissez une autre carte dans Ma Beauty Box.";
export const boxEditionVariantNotFound = "Un produit choisi pour la box est introuvable.";
export const boxSubscribed = "Votre abonnement à la Beauty Box est confirmé.";
export const boxMonthSkipped = "C'est noté : cette box ne sera ni préparée ni prélevée.";
export const boxMonthUnskipped = "C'est noté : cette box vous sera envoyée.";
export const boxPaused = "Votre abonnement est en pause : aucune box ne sera prélevée.";
export const boxResumed = "Votre abonnement a repris.";
export const boxCardChanged = "Votre carte pour la Beauty Box a été changée.";
export const boxAddressChanged = "Votre adresse de livraison pour la Beauty Box a été changée.";
export const boxCancelled = "Votre abonnement à la Beauty Box est résilié. Aucune box ne sera plus prélevée.";
export const boxEditionSaved = "La box du mois est enregistrée.";
