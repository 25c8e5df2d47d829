/** Accessibility statement (/accessibilite): what is tested, what is known to fall short. */

export const ACCESSIBILITY_STANDARD = "RGAA 4.1 (Référentiel général d'amélioration de l'accessibilité)";
export const ACCESSIBILITY_TARGET = "WCAG 2.1 niveau AA";
export const ACCESSIBILITY_STATUS = "partiellement conforme";
/** When the statement was last reviewed. */
export const ACCESSIBILITY_STATEMENT_DATE = "21 novembre 2026";

/** What is checked, and how, on each change of the site. */
export const ACCESSIBILITY_CHECKS: readonly { title: string; text: string }[] = [
  {
    title: "Contrôles automatiques des pages",
    text: "Nos tests automatisés analysent les pages du site avec l'outil axe-core (règles WCAG 2.0 et 2.1, niveaux A et AA) : accueil, catalogue, catégories, fiches produits, compte, pages d'information. Une anomalie grave ou critique fait échouer les tests.",
  },
  {
    title: "Navigation au clavier",
    text: "Nos tests de parcours vérifient l'utilisation au clavier : lien d'évitement vers le contenu, recherche et menus, fenêtres de connexion et de compte (fermeture avec Échap), formulaires et calculateur du guide des tailles.",
  },
  {
    title: "Contrastes et thèmes",
    text: "Les couleurs du site sont choisies pour offrir un contraste d'au moins 4,5:1 pour le texte courant, en thème clair comme en thème sombre ; axe-core vérifie les contrastes à chaque analyse.",
  },
  {
    title: "Formulaires",
    text: "Chaque champ a une étiquette visible ; les erreurs sont signalées en texte, à côté du champ concerné, et annoncées aux technologies d'assistance.",
  },
  {
    title: "Animations",
    text: "La préférence « réduire les animations » de votre appareil est respectée : défilements et transitions sont alors désactivés.",
  },
];

/** Known limits, stated plainly. */
export const ACCESSIBILITY_LIMITS: readonly string[] = [
  "Aucun audit complet du RGAA n'a encore été réalisé par un organisme indépendant : l'état de conformité repose sur nos propres vérifications.",
  "Les contrôles automatiques ne détectent qu'une partie des problèmes d'accessibilité ; ils ne remplacent pas un audit manuel.",
  "Les parcours n'ont pas encore été testés de façon systématique avec les lecteurs d'écran (NVDA, JAWS, VoiceOver, TalkBack).",
  "Les textes alternatifs des visuels produits reprennent le nom du produit et ne décrivent pas toujours le visuel en détail.",
  "Le calculateur du guide des tailles, le panier et certains éléments interactifs nécessitent JavaScript.",
];

export const ACCESSIBILITY_TECHNOLOGIES: readonly string[] = ["HTML5", "CSS", "JavaScript", "WAI-ARIA"];

/** The Défenseur des droits: how to refer a complaint when our answer is not satisfactory. */
export const DEFENSEUR_DES_DROITS: readonly { label: string; text: string; href?: string }[] = [
  {
    label: "Formulaire en ligne",
    text: "formulaire.defenseurdesdroits.fr",
    href: "https://formulaire.defenseurdesdroits.fr/",
  },
  {
    label: "Délégué du Défenseur des droits près de chez vous",
    text: "Trouver un délégué",
    href: "https://www.defenseurdesdroits.fr/carte-des-delegues",
  },
  { label: "Téléphone", text: "09 69 39 00 00" },
  {
    label: "Courrier (gratuit, sans affranchissement)",
    text: "Défenseur des droits, Libre réponse 71120, 75342 Paris CEDEX 07",
  },
];
