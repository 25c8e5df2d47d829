import fs from "node:fs";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { getEnv } from "./env";

const SECRET_FILE = "session-secret";

/**
 * The secret that signs sessions: SESSION_SECRET when set, otherwise one generated with a
 * cryptographic generator on first start and kept in DATA_DIR (mode 600), so the two-command
 * start needs no set-up and sessions survive restarts.
 */
export function getSessionSecret(): string {
  const env = getEnv();
  if (env.SESSION_SECRET) return env.SESSION_SECRET;
  const file = path.join(env.dataDir, SECRET_FILE);
  if (fs.existsSync(file)) {
    const stored = fs.readFileSync(file, "utf8").trim();
    if (stored.length >= 32) return stored;
  }
  fs.mkdirSync(env.dataDir, { recursive: true });
  const secret = randomBytes(32).toString("hex");
  fs.writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}
