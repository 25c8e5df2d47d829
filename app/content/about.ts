import { RETURNS_DAYS } from "~/lib/shop-rules";

/** Content of the About page (/about, "Notre Histoire"). The team members are fictional. */

export const ABOUT_INTRO =
  "Aurore est née d'une conviction simple : la beauté de qualité doit être accessible à toutes et à tous, partout en France.";

export const ABOUT_STORY: readonly string[] = [
  "Tout a commencé en 2019 dans un petit atelier parisien, où deux amies passionnées de cosmétiques rêvaient d'une boutique qui sélectionne chaque produit avec exigence, sans jamais perdre de vue le plaisir de se faire du bien.",
  "Depuis, Aurore a grandi : parfums, soins du visage et du corps, maquillage, cheveux et accessoires. Chaque référence est testée par notre équipe avant d'entrer dans notre catalogue, et chaque commande est préparée avec soin, échantillons surprise compris.",
  "Aujourd'hui, des milliers de clientes et de clients nous font confiance. Notre promesse reste la même qu'au premier jour : des produits qui tiennent leurs promesses, un service attentif et une livraison rapide.",
];

export const ABOUT_VALUES: readonly {
  title: string;
  text: string;
  /** Name of the decorative SVG icon (components/ui/icons). */
  icon: "sparkles" | "truck" | "heart";
}[] = [
  {
    icon: "sparkles",
    title: "Qualité premium",
    text: "Des marques reconnues et des formules sélectionnées avec exigence : nous ne proposons que des produits que nous aimons et recommandons.",
  },
  {
    icon: "truck",
    title: "Livraison en 24-48h",
    text: "Votre commande est préparée avec soin et livrée en 24 à 48 heures, partout en France métropolitaine.",
  },
  {
    icon: "heart",
    title: `Satisfait ou remboursé ${RETURNS_DAYS} jours`,
    text: `Un produit ne vous convient pas ? Vous disposez de ${RETURNS_DAYS} jours pour nous le retourner et être remboursé(e).`,
  },
];

export const ABOUT_MISSION =
  "Notre mission : vous aider à prendre soin de vous avec des produits sûrs, efficaces et choisis pour vous, accompagnés de conseils honnêtes et d'un service client à l'écoute.";

export const ABOUT_TEAM: readonly {
  name: string;
  role: string;
  initials: string;
  bio: string;
}[] = [
  {
    name: "Camille Aurore",
    role: "Fondatrice et présidente",
    initials: "CA",
    bio: "Ancienne cheffe de produit en parfumerie, elle veille à ce que chaque référence mérite sa place.",
  },
  {
    name: "Inès Marchal",
    role: "Responsable des achats beauté",
    initials: "IM",
    bio: "Elle rencontre les marques, teste les nouveautés et construit nos collections de saison.",
  },
  {
    name: "Julien Roche",
    role: "Responsable du service client",
    initials: "JR",
    bio: "Avec son équipe, il répond à vos questions 7j/7 et suit chaque commande jusqu'à votre porte.",
  },
];
