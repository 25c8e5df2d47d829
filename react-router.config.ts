import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // `npm test` builds into its own folder (AURORE_BUILD_DIR), so a test run never replaces the
  // assets of a shop that `npm start` serves from this checkout's build/.
  buildDirectory: process.env.AURORE_BUILD_DIR || "build",
} satisfies Config;
