import { getEnv } from "./env";

export type LegalInfo = {
  companyName: string;
  legalForm: string;
  address: string;
  phone: string;
  email: string;
  rcs: string;
  siren: string;
  shareCapital: string;
  vatNumber: string;
  publicationDirector: string;
  host: string;
  mediator: string;
};

/** The seller's identity for the legal pages, from configuration (LEGAL_* variables). */
export function getLegalInfo(): LegalInfo {
  const env = getEnv();
  return {
    companyName: env.LEGAL_COMPANY_NAME,
    legalForm: env.LEGAL_FORM,
    address: env.LEGAL_ADDRESS,
    phone: env.LEGAL_PHONE,
    email: env.LEGAL_EMAIL,
    rcs: env.LEGAL_RCS,
    siren: env.LEGAL_SIREN,
    shareCapital: env.LEGAL_SHARE_CAPITAL,
    vatNumber: env.LEGAL_VAT_NUMBER,
    publicationDirector: env.LEGAL_PUBLICATION_DIRECTOR,
    host: env.LEGAL_HOST,
    mediator: env.LEGAL_MEDIATOR,
  };
}
