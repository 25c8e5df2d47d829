/**
 * `npm run api:types`: writes the API's TypeScript types (scripts/lib/api-types.ts) from the
 * document the shop serves. Run it after changing an operation's schemas and commit the result.
 * The app's modules need Vite's resolution (the `~/` alias, `?raw` imports), so they are loaded
 * through Vite's module runner rather than plain Node.
 */
import path from "node:path";
import { writeFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { runnerImport } from "vite";

const root = fileURLToPath(new URL("..", import.meta.url));
const { module } = await runnerImport(path.join(root, "scripts/lib/api-types.ts"), {
  configFile: false,
  root,
  logLevel: "warn",
  resolve: { alias: { "~": path.join(root, "app") } },
});
await writeFile(module.API_TYPES_FILE, await module.generateApiTypes());
console.log(`API types written to ${path.relative(process.cwd(), module.API_TYPES_FILE)}`);
