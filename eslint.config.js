// Lint rules for the whole repository. The layering they enforce is described in
// docs/decisions and CONVENTIONS: dependencies point down only (routes -> features | .server -> domain -> lib).
import { readdirSync } from "node:fs";
import js from "@eslint/js";
import prettier from "eslint-config-prettier";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import { importX } from "eslint-plugin-import-x";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import { defineConfig } from "eslint/config";
import globals from "globals";
import tseslint from "typescript-eslint";

const features = readdirSync(new URL("./app/features", import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const layer = {
  server: "./app/.server",
  features: "./app/features",
  components: "./app/components",
  routes: "./app/routes",
  domain: "./app/domain",
  lib: "./app/lib",
};

/** One zone per (target layer, forbidden layer) pair, so each error names the rule it breaks. */
function forbid(target, from, why) {
  return from.map((source) => ({
    target: layer[target],
    from: layer[source],
    message: `${layer[target]} must not import ${layer[source]}: ${why}`,
  }));
}

const zones = [
  ...forbid("server", ["features", "components", "routes"], "move what both need to app/domain."),
  ...forbid("features", ["server", "routes"], "features hold UI only; shared rules live in app/domain."),
  ...forbid("components", ["features", "server", "routes"], "components are feature-agnostic."),
  ...forbid("domain", ["features", "components", "server", "routes"], "app/domain is isomorphic and UI-free."),
  ...forbid("lib", ["features", "components", "server", "routes", "domain"], "app/lib is the bottom floor."),
  // A feature imports another feature only through that feature's public surface, the explicit
  // files of app/features/<other>/public/ (decision 058); everything else of another feature is internal.
  ...features.map((feature) => ({
    target: `${layer.features}/${feature}`,
    from: layer.features,
    except: [`./${feature}`, ...features.filter((other) => other !== feature).map((other) => `./${other}/public`)],
    message: `No deep cross-feature import: app/features/${feature} may import another feature's public/ files only (decision 058); expose what it needs there, or move it to app/domain or app/components/ui.`,
  })),
];

const modules = readdirSync(new URL("./app/.server/modules", import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const moduleZones = modules.flatMap((module) => {
  const target = `${layer.server}/modules/${module}`;
  return [
    {
      target,
      from: `${layer.server}/modules`,
      except: [`./${module}`],
      message: `A module imports no other module (decision 024): move the operation that needs both to app/.server/workflows, or the shared helper to app/domain or app/lib.`,
    },
    { target, from: `${layer.server}/workflows`, message: "A module never imports a workflow: workflows compose modules (decision 024)." },
    { target, from: `${layer.server}/api`, message: "A module never imports the API layer (decision 024)." },
  ];
});

export default defineConfig(
  {
    ignores: ["build/", ".react-router/", ".tmp/", "data/", "coverage/", "test-results/", "bench/results/", "public/", "drizzle/meta/"],
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: "module",
      globals: { ...globals.node, ...globals.browser },
    },
    linterOptions: { reportUnusedDisableDirectives: "error" },
  },
  {
    files: ["**/*.{ts,tsx}"],
    rules: {
      // TypeScript itself reports undefined names (with DOM and Node types); the core rule misreads type-only globals.
      "no-undef": "off",
    },
  },
  {
    rules: {
      // A leading underscore marks a parameter a signature requires but the body does not read (Express's 4-arity error handler).
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrorsIgnorePattern: "^_", ignoreRestSiblings: true },
      ],
    },
  },
  {
    // React code only: app/.server, server/ and scripts hold no components (a server function may start with "use").
    files: ["app/**/*.{ts,tsx}"],
    ignores: ["app/.server/**"],
    plugins: { "react-hooks": reactHooks },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "error",
    },
  },
  {
    files: ["app/**/*.{tsx,jsx}"],
    ...jsxA11y.flatConfigs.recommended,
  },
  {
    files: ["app/**/*.{tsx,jsx}"],
    rules: {
      // autoFocus only moves focus after a user's action (a dialog opening, a confirm bar), as the dialog pattern asks; never on page load.
      "jsx-a11y/no-autofocus": "off",
      // Named scrollable regions (wide tables, the event log) must take keyboard focus to scroll (axe: scrollable-region-focusable).
      "jsx-a11y/no-noninteractive-tabindex": ["error", { tags: [], roles: ["tabpanel", "region", "log"], allowExpressionValues: true }],
      // Input and Select are the ui primitives rendering a native <input> and <select>.
      "jsx-a11y/label-has-associated-control": ["error", { controlComponents: ["Input", "Select"], depth: 3 }],
      // role="list" is kept on styled lists: Safari drops list semantics when list-style is none.
      "jsx-a11y/no-redundant-roles": ["error", { nav: ["navigation"], ul: ["list"], ol: ["list"] }],
      "jsx-a11y/no-noninteractive-element-interactions": [
        "error",
        {
          handlers: ["onClick", "onError", "onLoad", "onMouseDown", "onMouseUp", "onKeyPress", "onKeyDown", "onKeyUp"],
          alert: ["onKeyUp", "onKeyDown", "onKeyPress"],
          body: ["onError", "onLoad"],
          // A click on a modal <dialog>'s ::backdrop reaches the dialog itself and closes it; Escape is the keyboard path.
          dialog: ["onKeyUp", "onKeyDown", "onKeyPress", "onClick"],
          iframe: ["onError", "onLoad"],
          img: ["onError", "onLoad"],
        },
      ],
    },
  },
  {
    files: ["tests/**", "**/*.test.{ts,tsx}"],
    rules: {
      // Tests walk untyped JSON response bodies (json.data.items[0].id); app code keeps its zero `any`.
      "@typescript-eslint/no-explicit-any": "off",
    },
  },
  {
    plugins: { "import-x": importX },
    settings: {
      // Without these the cycle check parses dependencies as plain JavaScript and silently sees no imports.
      "import-x/extensions": [".ts", ".tsx", ".js", ".jsx", ".mjs", ".cjs"],
      "import-x/parsers": { "@typescript-eslint/parser": [".ts", ".tsx"] },
      "import-x/resolver-next": [createTypeScriptImportResolver({ project: "./tsconfig.json" })],
    },
    rules: {
      // External packages cannot import our files back, so the cycle search need not parse them.
      "import-x/no-cycle": ["error", { ignoreExternal: true }],
      "import-x/no-restricted-paths": ["error", { zones }],
    },
  },
  {
    // Modules stand alone (their tests set up through workflows and other modules freely).
    files: ["app/.server/modules/**/*.ts"],
    ignores: ["**/*.test.ts"],
    rules: {
      "import-x/no-restricted-paths": ["error", { zones: [...zones, ...moduleZones] }],
    },
  },
  {
    files: ["app/domain/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [{ regex: "^react(-dom|-router)?(/.*)?$", message: "app/domain is isomorphic and UI-free: no React." }],
        },
      ],
    },
  },
  prettier,
);
