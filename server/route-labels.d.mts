export const OTHER_ROUTE: string;
export const ASSETS_ROUTE: string;
type ManifestRoute = { id: string; parentId?: string; path?: string; index?: boolean; caseSensitive?: boolean };
export function routeTree(manifest: Record<string, ManifestRoute | undefined>): unknown[];
export function createRouteLabeler(
  manifest: Record<string, ManifestRoute | undefined>,
  options?: { maxCached?: number },
): (pathname: string) => string;
