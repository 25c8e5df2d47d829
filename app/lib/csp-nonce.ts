import { createContext, useContext } from "react";

/**
 * The nonce of this response's Content-Security-Policy (server/server.mjs makes one per request).
 * Only the server knows it: browsers hide the nonce attribute once the page is parsed, so after
 * hydration the value is "" and nothing rendered on the client needs it.
 */
export const CspNonceContext = createContext("");

export function useCspNonce(): string {
  return useContext(CspNonceContext);
}

declare module "react-router" {
  interface AppLoadContext {
    /** Set by server/request-handler.mjs; absent under the development server. */
    cspNonce?: string;
  }
}
