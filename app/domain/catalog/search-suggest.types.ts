/** What GET /api/v1/search/suggest answers and the header search shows while the shopper types. */
export type SuggestedProduct = {
  id: string;
  name: string;
  brand: string | null;
  price_cents: number;
  image_url: string | null;
  url: string;
};

export type SuggestedLink = { name: string; slug: string; url: string };

export type SearchSuggestions = {
  products: SuggestedProduct[];
  brands: SuggestedLink[];
  categories: SuggestedLink[];
  /** The words searched after correcting misspelt ones (unaccented), or null when none was. */
  corrected_query: string | null;
};
