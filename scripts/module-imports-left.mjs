// Read by eslint.config.js and tests/unit/module-zones.test.ts.
/**
 * A module may import only itself, the database layer, app/domain and app/lib (decision 024): never
 * another module, the API layer or a workflow. Workflows compose modules. These are the imports
 * still to move, per module ("#api" or "#workflows" for an import of those layers); the list only
 * shrinks: a new module-to-module import fails the lint.
 */
export const MODULE_IMPORTS_LEFT = {};
