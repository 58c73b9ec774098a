// The one mail transport (DECISIONS.md §1): SMTP_URL sends for real. Without it (and without an email
// provider in Integrations, platform/settings/firm-mailer.ts) nothing is sent: every message is kept in the
// Mail log (mail_messages), where administrators read it, instead of a folder on one server's disk.
// SMTP_URL is set by whoever runs the server, so it is used as it is: it may name a relay on the server's own
// network. Only the provider typed into Integrations is held to public addresses (docs/decisions/0029).
import nodemailer from 'nodemailer';

/** A file sent with a mail (an invoice's PDF). */
export type MailAttachment = { filename: string; content: Buffer; contentType: string };

export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  attachments?: MailAttachment[];
  /** The sender; the firm's mailer sets the company name and address (platform/settings/firm-mailer.ts). */
  from?: { name: string; address: string };
};

/** The mail server's answer to an accepted message ('250 2.0.0 OK …'). */
export type SentInfo = { response?: string };

export type Mailer = {
  /** False when no mail server is set: messages are then kept, not sent. */
  configured: boolean;
  /** Whether the mail server is signed in to (SMTP_URL names a user). */
  signsIn: boolean;
  /** Sends through the mail server; rejects with the transport's error (mail-delivery classifies it). */
  send: (message: MailMessage) => Promise<SentInfo>;
};

export const DEFAULT_FROM = { name: 'Visa CRM', address: 'no-reply@visa-crm.local' };

export function createMailer(options: { smtpUrl: string | null }): Mailer {
  if (!options.smtpUrl) {
    return {
      configured: false,
      signsIn: false,
      send: () => Promise.reject(new Error('No mail server is set')),
    };
  }
  const transport = nodemailer.createTransport(options.smtpUrl);
  return {
    configured: true,
    signsIn: smtpUrlUser(options.smtpUrl) !== '',
    send: async (message) => (await transport.sendMail({ ...message, from: message.from ?? DEFAULT_FROM })) as SentInfo,
  };
}

function smtpUrlUser(smtpUrl: string): string {
  try {
    return new URL(smtpUrl).username;
  } catch {
    return '';
  }
}
