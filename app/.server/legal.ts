import { getEnv } from "./env";
import type { ShopIdentity } from "~/domain/settings/shop-identity";

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

/** The legal notice values of the shop identity edited in Paramètres (decision 046). */
export function legalInfoOf(identity: ShopIdentity): LegalInfo {
  return {
    companyName: identity.companyName,
    legalForm: identity.legalForm,
    address: identity.address,
    phone: identity.contactPhone,
    email: identity.contactEmail,
    rcs: identity.rcs,
    siren: identity.siren,
    shareCapital: identity.shareCapital,
    vatNumber: identity.vatNumber,
    publicationDirector: identity.publicationDirector,
    host: identity.host,
    mediator: identity.mediator,
  };
}
