import fs from "node:fs/promises";
import path from "node:path";
import { randomBytes } from "node:crypto";
import nodemailer from "nodemailer";
import { getEnv } from "../env";
import { log } from "../logger";

/** One outgoing e-mail, as stored in the outbox payload. */
export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /**
   * The Message-ID header (`<unique@domain>`), set by the outbox: the same one on every send of
   * one outbox row, so a duplicate after a crash can be recognised by the receiving side.
   */
  messageId?: string;
  /** Extra headers (List-Unsubscribe and List-Unsubscribe-Post of marketing mail, decision 069). */
  headers?: Record<string, string>;
};

/** Sends one message or throws (the outbox retries). */
export type SendMail = (mail: MailMessage) => Promise<void>;

export type MailerOptions = {
  from: string;
  /** SMTP connection URL; when absent each message is written to `mailDir` as an .eml file. */
  smtpUrl?: string;
  mailDir: string;
};

/** A sender over SMTP, or over files for development and tests (no mail leaves the machine). */
export function createMailer(options: MailerOptions): SendMail {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return async (mail) => {
      await transport.sendMail({ from: options.from, ...mail });
      log.info({ to: mail.to, subject: mail.subject }, "mail sent");
    };
  }
  const transport = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: "unix",
  });
  return async (mail) => {
    const info = await transport.sendMail({ from: options.from, ...mail });
    await fs.mkdir(options.mailDir, { recursive: true });
    const file = path.join(options.mailDir, `${Date.now()}-${randomBytes(4).toString("hex")}.eml`);
    await fs.writeFile(file, info.message);
    // The body carries one-time links: only the recipient and subject are logged.
    log.info({ to: mail.to, subject: mail.subject }, "mail sent");
  };
}

/** The shop's sender, configured from the environment. */
export function getMailer(): SendMail {
  const env = getEnv();
  return createMailer({
    from: env.MAIL_FROM,
    smtpUrl: env.SMTP_URL,
    mailDir: path.join(env.dataDir, "mail"),
  });
}
