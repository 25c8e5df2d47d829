// The Node entry's logger. The app owns the logging policy (app/.server/logger.ts: JSON or pretty
// lines, level, redaction; docs/decisions/040-logs-and-metrics.md) and the server logs through
// that very instance once the build is loaded (`useLogger(entry.log)` in server.mjs), so the two
// halves write one stream in one format. Before that, and in a cluster primary that loads no
// build, a plain pino logger at the same level writes JSON lines with the known secrets redacted.
import { pino } from "pino";

const LEVELS = new Set(["trace", "debug", "info", "warn", "error", "fatal", "silent"]);

function levelFrom(env) {
  const asked = String(env.LOG_LEVEL ?? "")
    .trim()
    .toLowerCase();
  if (LEVELS.has(asked)) return asked;
  return env.VITEST ? "silent" : "info";
}

let current = pino({
  level: levelFrom(process.env),
  redact: {
    paths: [
      "password",
      "*.password",
      "token",
      "*.token",
      "headers.cookie",
      "headers.authorization",
      "*.headers.cookie",
      "*.headers.authorization",
    ],
    censor: "[REDACTED]",
  },
});

/** From now on the server logs through `log` (the app's logger). */
export function useLogger(log) {
  current = log;
}

/** The logger in use (read at each call: the app's replaces the fallback at start-up). */
export function logger() {
  return current;
}
