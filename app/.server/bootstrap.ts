import { startDatabase } from "./db";
import { getSessionSecret } from "./secrets";

export type BootstrapResult = { database: string };

/** Everything the server needs before it takes requests. Safe to call more than once. */
export async function bootstrap(): Promise<BootstrapResult> {
  getSessionSecret();
  const handle = await startDatabase();
  return { database: handle.label };
}
