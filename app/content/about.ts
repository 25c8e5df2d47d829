/**
 * The About page's team (/about, "Notre Histoire"); the members are fictional. Their roles and
 * biographies, like the page's other texts, are in the shop catalogs (decision 044).
 */

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
