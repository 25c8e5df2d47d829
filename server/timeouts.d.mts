export const HEADERS_TIMEOUT_SECONDS: number;
export const REQUEST_TIMEOUT_SECONDS: number;
export const KEEP_ALIVE_TIMEOUT_SECONDS: number;
export function serverTimeouts(env?: NodeJS.ProcessEnv): {
  headersTimeout: number;
  requestTimeout: number;
  keepAliveTimeout: number;
  connectionsCheckingInterval: number;
};
