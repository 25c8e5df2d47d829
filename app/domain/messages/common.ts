/**
 * The French messages of the whole storefront (favourites, cart, errors of any page), each under its stable code (decision 055).
 * The French text lives only here; the English is `common.message.<code>` in
 * app/locales/en/common.json, and a test fails when a code has none. A template's `{name}`
 * placeholders are filled by `formatMessage`. Sections name the part of the shop that uses them
 * ("shared": several parts, "server": only the server).
 */
// favorites-ui
export const signAddFavourites = "Veuillez vous connecter pour ajouter des favoris";
export const favouritesCouldNotUpdatedTry = "Impossible de mettre à jour vos favoris. Veuillez réessayer.";

// server
// app/lib sits below app/domain (decision 024): its one message is written there and has its code here.
export { UNSAFE_TEXT_MESSAGE as fieldContainsCharactersNotAllowed } from "~/lib/safe-text.rules";

// shared
export const pageNotFound = "Page introuvable";
export const addedCart = "Ajouté au panier";
export const maximumAvailableQuantityAlreadyCart = "Quantité maximale disponible déjà dans votre panier";
export const countryBelgium = "Belgique";
export const countrySwitzerland = "Suisse";
