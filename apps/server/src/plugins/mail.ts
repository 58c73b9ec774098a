// The one mail interface (DECISIONS.md §1): SMTP_URL sends for real; otherwise every message is
// written as an .eml file to the outbox folder, where staff and tests can read it.
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';

/** A file sent with a mail (an invoice's PDF). */
export type MailAttachment = { filename: string; content: Buffer; contentType: string };

export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: MailAttachment[];
  /** The sender; the firm's mailer sets the company name and address (features/settings/firm-mailer.ts). */
  from?: { name: string; address: string };
};

export type Mailer = {
  send: (message: MailMessage) => Promise<void>;
  /** The outbox folder, or null when mail is sent over SMTP. */
  outboxDir: string | null;
};

export const DEFAULT_FROM = { name: 'Visa CRM', address: 'no-reply@visa-crm.local' };

export function createMailer(options: { smtpUrl: string | null; outboxDir: string }): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      outboxDir: null,
      send: async (message) => {
        await transport.sendMail({ ...message, from: message.from ?? DEFAULT_FROM });
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  let sequence = 0;
  return {
    outboxDir: options.outboxDir,
    send: async (message) => {
      const info = await transport.sendMail({ ...message, from: message.from ?? DEFAULT_FROM });
      await mkdir(options.outboxDir, { recursive: true });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${process.pid}-${sequence++}.eml`;
      await writeFile(join(options.outboxDir, name), info.message as Buffer);
    },
  };
}

/** Messages in the outbox, newest last (used by tests and the admin outbox view). */
export async function readOutbox(outboxDir: string): Promise<{ name: string; content: string }[]> {
  const names = (await readdir(outboxDir).catch(() => [] as string[])).filter((n) => n.endsWith('.eml')).sort();
  return Promise.all(names.map(async (name) => ({ name, content: await readFile(join(outboxDir, name), 'utf8') })));
}
