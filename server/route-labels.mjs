// The `route` label of the request metrics (docs/decisions/040-logs-and-metrics.md): the React
// Router route pattern a path matches ("/produit/:slug"), never the raw path, so the number of
// series stays the number of routes whatever URLs clients send. Matched once per path with
// react-router's own matchRoutes against the build's route manifest, then remembered in a
// bounded map.
import { matchRoutes } from "react-router";

/** Unknown paths (the catch-all 404 route, static files): one label for all of them. */
export const OTHER_ROUTE = "other";
/** Fingerprinted build files under /assets/. */
export const ASSETS_ROUTE = "assets";
/** React Router's data requests (single fetch) end with this and name their page's route. */
const DATA_SUFFIX = ".data";
const DEFAULT_MAX_CACHED = 5_000;

/** The build's flat manifest ({ id: { parentId, path, index } }) as the nested tree matchRoutes takes. */
export function routeTree(manifest) {
  const nodes = new Map();
  for (const route of Object.values(manifest)) {
    if (!route) continue;
    nodes.set(route.id, {
      id: route.id,
      path: route.path,
      index: route.index,
      caseSensitive: route.caseSensitive,
      parentId: route.parentId,
    });
  }
  const roots = [];
  for (const node of nodes.values()) {
    const parent = node.parentId ? nodes.get(node.parentId) : undefined;
    if (parent) (parent.children ??= []).push(node);
    else roots.push(node);
  }
  return roots;
}

function patternOf(matches) {
  const last = matches[matches.length - 1].route;
  // The root catch-all ("*") is the shop's 404 page: any path at all lands there.
  if (last.path === "*" && matches.filter((m) => m.route.path).length === 1) return OTHER_ROUTE;
  const joined = matches
    .map((m) => m.route.path)
    .filter(Boolean)
    .join("/")
    .replace(/\/{2,}/g, "/")
    .replace(/\/$/, "");
  return joined.startsWith("/") ? joined || "/" : `/${joined}`;
}

export function createRouteLabeler(manifest, { maxCached = DEFAULT_MAX_CACHED } = {}) {
  const tree = routeTree(manifest);
  const known = new Map();
  const labelOf = (pathname) => {
    let page = pathname;
    let suffix = "";
    if (page.endsWith(DATA_SUFFIX)) {
      page = page.slice(0, -DATA_SUFFIX.length);
      if (page === "/_root") page = "/";
      suffix = DATA_SUFFIX;
    }
    // A broken percent-escape matches nothing the app serves (and matchRoutes would warn on the console).
    try {
      decodeURIComponent(page);
    } catch {
      return OTHER_ROUTE;
    }
    const matches = matchRoutes(tree, page);
    if (!matches || matches.length === 0) return OTHER_ROUTE;
    const pattern = patternOf(matches);
    return pattern === OTHER_ROUTE ? OTHER_ROUTE : pattern + suffix;
  };
  return function routeLabel(pathname) {
    if (pathname.startsWith("/assets/")) return ASSETS_ROUTE;
    let label = known.get(pathname);
    if (label !== undefined) return label;
    label = labelOf(pathname);
    // Paths are as many as clients invent: the map is emptied when full rather than grown.
    if (known.size >= maxCached) known.clear();
    known.set(pathname, label);
    return label;
  };
}
