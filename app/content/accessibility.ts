import type { MessageKey } from "~/components/ui/i18n";

/**
 * Accessibility statement (/accessibilite): what is tested, what is known to fall short. The
 * texts are in the shop catalogs (shop.info.accessibility.*, decision 044); this lists them.
 */

/** What is checked, and how, on each change of the site. */
export const ACCESSIBILITY_CHECKS: readonly { title: MessageKey; text: MessageKey }[] = [
  { title: "shop.info.accessibility.check.automatedTitle", text: "shop.info.accessibility.check.automated" },
  { title: "shop.info.accessibility.check.keyboardTitle", text: "shop.info.accessibility.check.keyboard" },
  { title: "shop.info.accessibility.check.contrastTitle", text: "shop.info.accessibility.check.contrast" },
  { title: "shop.info.accessibility.check.formsTitle", text: "shop.info.accessibility.check.forms" },
  { title: "shop.info.accessibility.check.motionTitle", text: "shop.info.accessibility.check.motion" },
];

/** Known limits, stated plainly. */
export const ACCESSIBILITY_LIMITS: readonly MessageKey[] = [
  "shop.info.accessibility.limit1",
  "shop.info.accessibility.limit2",
  "shop.info.accessibility.limit3",
  "shop.info.accessibility.limit4",
  "shop.info.accessibility.limit5",
];

export const ACCESSIBILITY_TECHNOLOGIES: readonly string[] = ["HTML5", "CSS", "JavaScript", "WAI-ARIA"];

/** The Défenseur des droits: how to refer a complaint when our answer is not satisfactory (its address stays French). */
export const DEFENSEUR_DES_DROITS: readonly { label: MessageKey; text?: string; textKey?: MessageKey; href?: string }[] = [
  {
    label: "shop.info.accessibility.way.formLabel",
    text: "formulaire.defenseurdesdroits.fr",
    href: "https://formulaire.defenseurdesdroits.fr/",
  },
  {
    label: "shop.info.accessibility.way.delegateLabel",
    textKey: "shop.info.accessibility.way.delegateText",
    href: "https://www.defenseurdesdroits.fr/carte-des-delegues",
  },
  { label: "shop.info.accessibility.way.phoneLabel", text: "09 69 39 00 00" },
  { label: "shop.info.accessibility.way.mailLabel", text: "Défenseur des droits, Libre réponse 71120, 75342 Paris CEDEX 07" },
];
