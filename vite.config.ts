import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { fileURLToPath } from "node:url";

const appDir = fileURLToPath(new URL("./app", import.meta.url));

/** The part of Rolldown's chunking context used here. */
type ModuleGraph = { getModuleInfo(id: string): { importers: readonly string[] } | null };

/** React Router builds each route module behind a wrapper module with this query. */
const CLIENT_ROUTE_QUERY = "?__react-router-build-client-route";
const ROOT_ROUTE = `${appDir}/root.tsx`;
const SHOP_LAYOUT = `${appDir}/routes/shop/layout.tsx`;
const ADMIN_ROUTES = `${appDir}/routes/admin/`;

/** The route modules (root, layouts, pages) that reach a module through static imports, walking its importers up. */
function routesReaching(id: string, graph: ModuleGraph, memo: Map<string, Set<string>>): Set<string> {
  const known = memo.get(id);
  if (known) return known;
  const routes = new Set<string>();
  memo.set(id, routes);
  for (const importer of graph.getModuleInfo(id)?.importers ?? []) {
    if (importer.endsWith(CLIENT_ROUTE_QUERY)) routes.add(importer.slice(0, -CLIENT_ROUTE_QUERY.length));
    else for (const route of routesReaching(importer, graph, memo)) routes.add(route);
  }
  return routes;
}

/**
 * Small modules many storefront pages import: alone, each would be a file whose response headers
 * (some 420 bytes) weigh about as much as its code, so they ride in "shop-shell", which every
 * storefront page loads anyway and the back office never does.
 */
const SMALL_STOREFRONT_MODULES = [
  /[\\/]app[\\/]lib[\\/](seo|plural)\.ts$/,
  /[\\/]app[\\/]components[\\/]ui[\\/](breadcrumb|stars)\.tsx$/,
  /[\\/]app[\\/]components[\\/]ui[\\/]use-modal-dialog\.ts$/,
  /[\\/]app[\\/]domain[\\/]delivery[\\/]delivery-dates\.ts$/,
  /[\\/]app[\\/]domain[\\/]catalog[\\/]catalog\.constants\.ts$/,
  /[\\/]app[\\/]domain[\\/]cart[\\/]line-name\.ts$/,
  /[\\/]app[\\/]features[\\/]catalog[\\/]components[\\/](shipping-banner|recently-viewed)\.tsx$/,
];

/**
 * Small modules the client entry imports that pages import too (the meta functions' messages,
 * decision 044): "shared", which every page loads with the entry, instead of a file of their own.
 */
const SMALL_ENTRY_MODULES = [/[\\/]app[\\/]components[\\/]ui[\\/]meta-i18n\.ts$/];

/**
 * Every storefront page loads the root route and the shop layout with all they import. Left to the automatic
 * splitting, those imports became some twenty chunks of a few hundred bytes (one per set of routes sharing
 * them), each costing a request and its headers, often more than its own bytes. They go into two chunks
 * instead: "shared" (what the root imports, loaded by every page, and what the back office shares with the
 * shop) and "shop-shell" (the rest, which the back office never loads). Route modules stay their own chunks,
 * and code a page reaches only through import() is not captured.
 */
function shellChunk(id: string, graph: ModuleGraph, memo: Map<string, Set<string>>): string | null {
  if (SMALL_ENTRY_MODULES.some((pattern) => pattern.test(id))) return "shared";
  if (SMALL_STOREFRONT_MODULES.some((pattern) => pattern.test(id))) {
    const routes = routesReaching(id, graph, memo);
    if (routes.size > 0 && ![...routes].some((route) => route.startsWith(ADMIN_ROUTES))) return "shop-shell";
  }
  const importers = graph.getModuleInfo(id)?.importers ?? [];
  if (importers.some((importer) => importer.endsWith(CLIENT_ROUTE_QUERY))) return null;
  const routes = routesReaching(id, graph, memo);
  if (!routes.has(ROOT_ROUTE) && !routes.has(SHOP_LAYOUT)) return null;
  const everyPage = routes.has(ROOT_ROUTE) || [...routes].some((route) => route.startsWith(ADMIN_ROUTES));
  return everyPage ? "shared" : "shop-shell";
}

export default defineConfig(({ isSsrBuild }) => {
  const shellMemo = new Map<string, Set<string>>();
  return {
    plugins: [tailwindcss(), reactRouter()],
    resolve: {
      alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) },
    },
    ssr: {
      // PGlite ships wasm and data files next to its JS: keep it external so they resolve at run time.
      external: ["@electric-sql/pglite", "pg"],
    },
    build: {
      target: "es2022",
      rolldownOptions: isSsrBuild
        ? {}
        : {
            // The messages of app/domain/messages are one export each (decision 055): inlined at
            // each use, a page carries the ones it shows, not its namespace's whole module.
            optimization: { inlineConst: { mode: "all", pass: 1 } },
            output: {
              codeSplitting: {
                groups: [
                  {
                    // React, React DOM and React Router: one file every page needs, instead of three.
                    name: "framework",
                    test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|cookie|set-cookie-parser)[\\/]/,
                    priority: 2,
                  },
                  {
                    name: (id: string, graph: ModuleGraph) => shellChunk(id, graph, shellMemo),
                    debugName: "storefront shell",
                    priority: 1,
                  },
                ],
              },
            },
          },
    },
  };
});
