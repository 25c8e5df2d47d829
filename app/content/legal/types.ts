/**
 * Legal texts as data: each document is a list of sections (id = anchor, title, paragraphs) that
 * the legal pages render with a table of contents. Inline markup in a paragraph is limited to
 * links `[texte](/chemin)` and code `` `nom` ``.
 */

export type LegalTable = {
  caption: string;
  columns: string[];
  /** The first cell of each row heads the row. */
  rows: string[][];
};

export type LegalBlock =
  | string
  | { list: string[]; ordered?: boolean }
  | { table: LegalTable }
  /** A model document to copy (the withdrawal form), shown framed. */
  | { form: { title: string; lines: string[] } };

export type LegalSection = {
  id: string;
  title: string;
  paragraphs: LegalBlock[];
};

export type LegalDocument = {
  /** ISO date of the last revision (YYYY-MM-DD). */
  updatedAt: string;
  intro: string[];
  sections: LegalSection[];
};

/** The seller's identity as the texts need it (the server reads it from configuration). */
export type SellerIdentity = {
  companyName: string;
  legalForm: string;
  address: string;
  phone: string;
  email: string;
  rcs: string;
  shareCapital: string;
  vatNumber: string;
  publicationDirector: string;
  host: string;
  mediator: string;
};
