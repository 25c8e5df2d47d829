/**
 * The gauges /metrics reads when it is scraped (docs/decisions/040-logs-and-metrics.md): the
 * outbox's due mail (one count query) and the PostgreSQL pool's connections. Called by the Node
 * server through the server entry; nothing here runs between scrapes.
 */
import { getDatabaseHandle } from "./db";
import { countDueMail } from "./outbox/outbox.service";

export type OperationalReadings = {
  outboxDue: number;
  /** Absent on PGlite, which has one connection and no pool. */
  pool: { total: number; idle: number; waiting: number } | null;
};

export async function readOperationalGauges(): Promise<OperationalReadings> {
  const handle = await getDatabaseHandle();
  return { outboxDue: await countDueMail(handle.db), pool: handle.poolStats?.() ?? null };
}
