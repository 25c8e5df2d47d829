/**
 * Text messages (docs/decisions/043-preferences-that-take-effect.md), shaped like the mailer: the
 * outbox hands each queued SMS to a provider, which sends it or throws (the outbox retries).
 * The default transport writes one JSON file per message to DATA_DIR/sms/, so nothing leaves the
 * machine until a real gateway is plugged in behind this interface (SMS_TRANSPORT).
 */
import fs from "node:fs/promises";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { getEnv } from "../env";
import { log } from "../logger";

/** One outgoing text, as stored in the outbox payload. */
export type SmsMessage = {
  /** The phone number as the shopper typed it in their profile. */
  to: string;
  text: string;
  /** Set by the outbox: the same on every send of one outbox row. */
  messageId?: string;
};

export interface SmsProvider {
  /** Sends one message or throws. */
  send(sms: SmsMessage): Promise<void>;
}

/** "06 12 34 56 78" -> "…78": logs never carry a whole phone number. */
export function maskPhone(phone: string): string {
  const digits = phone.replace(/\D/g, "");
  return `…${digits.slice(-2)}`;
}

/** Writes each message to `dir` as `<time>-<random>.json` ({ to, text, messageId, sentAt }). */
export function createFileSmsProvider(dir: string): SmsProvider {
  return {
    async send(sms) {
      await fs.mkdir(dir, { recursive: true });
      const file = path.join(dir, `${Date.now()}-${randomBytes(4).toString("hex")}.json`);
      await fs.writeFile(file, `${JSON.stringify({ ...sms, sentAt: new Date().toISOString() }, null, 2)}\n`);
      log.info({ to: maskPhone(sms.to) }, "sms sent");
    },
  };
}

/** Only a log line (a machine that must keep no copy of the texts). */
export function createLogSmsProvider(): SmsProvider {
  return {
    async send(sms) {
      log.info({ to: maskPhone(sms.to), length: sms.text.length }, "sms sent (log transport)");
    },
  };
}

/** The shop's SMS sender, chosen by SMS_TRANSPORT (default "file": DATA_DIR/sms). */
export function getSmsProvider(): SmsProvider {
  const env = getEnv();
  if (env.SMS_TRANSPORT === "log") return createLogSmsProvider();
  return createFileSmsProvider(path.join(env.dataDir, "sms"));
}
