import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import nodemailer from 'nodemailer';

/** A file sent with a message; a stream is read while the message is written (SMTP or the .eml). */
export type MailAttachment = { filename: string; content: Buffer | Readable; contentType: string };
/** `to` may list several addresses separated by commas; `replyTo` is where the recipient's answer goes. */
export type Mail = { to: string; subject: string; text: string; html?: string; replyTo?: string; attachments?: MailAttachment[] };
export type Mailer = { send(mail: Mail): Promise<void> };
type Log = { info(obj: object, msg: string): void };

/**
 * SMTP when SMTP_URL is set; otherwise each message is written as an .eml file under DATA_DIR/outbox
 * so a developer (and the e2e tests) can read what a customer would receive.
 */
export function createMailer(options: { smtpUrl?: string; from: string; dataDir: string; log: Log }): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      async send(mail) {
        await transport.sendMail({ from: options.from, ...mail });
        options.log.info({ to: mail.to, subject: mail.subject }, 'correo enviado por SMTP');
      },
    };
  }
  const outbox = path.join(options.dataDir, 'outbox');
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(mail) {
      const info = await transport.sendMail({ from: options.from, ...mail });
      fs.mkdirSync(outbox, { recursive: true });
      const file = path.join(outbox, `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID().slice(0, 8)}.eml`);
      fs.writeFileSync(file, info.message as Buffer, { mode: 0o600 });
      options.log.info({ to: mail.to, subject: mail.subject, file }, 'correo guardado en la bandeja de salida');
    },
  };
}
