// The transport the mail delivery sends through (features/mail): the email provider configured in
// Integrations when there is one (issue 15 item 4), otherwise the mail transport the server started with
// (SMTP_URL, or none: messages are then kept in the Mail log). Every message goes out under the company's name. The settings are held per process and
// read again on every settings change event (and at once by the process that saved them): a mail is often
// sent inside a transaction, where a second query on the embedded database's one connection would wait
// for ever.
import nodemailer from 'nodemailer';
import type { EmailTestResult } from '@crm/domain';
import type { Executor } from '../../db/database.ts';
import { DEFAULT_FROM, type Mailer, type MailMessage, type SentInfo } from '../../plugins/mail.ts';
import { readSmtpSettings, type SmtpSettings } from './integrations.service.ts';
import type { SecretBox } from './secret-box.ts';
import { readGeneralSettings } from './settings.repository.ts';

export type FirmMailer = Omit<Mailer, 'configured'> & {
  /** Whether a mail server is set (a provider in Integrations, or SMTP_URL). */
  configured: () => Promise<boolean>;
  /** The sender every message goes out under: the company's name and address. */
  from: () => Promise<{ name: string; address: string }>;
  /** Sends a test message and reports the mail server's answer, or its refusal, instead of throwing. */
  sendTest: (to: string) => Promise<EmailTestResult>;
  /** Reads the email provider and the company name again (after a settings change). */
  refresh: () => Promise<void>;
};

type Sender = { smtp: SmtpSettings | null; from: { name: string; address: string } };

function smtpTransport(smtp: SmtpSettings) {
  return nodemailer.createTransport({
    host: smtp.host,
    port: smtp.port,
    secure: smtp.security === 'tls',
    requireTLS: smtp.security === 'starttls',
    ignoreTLS: smtp.security === 'none',
    auth: smtp.username ? { user: smtp.username, pass: smtp.password } : undefined,
    // A provider that does not answer is reported within a minute, not after nodemailer's two.
    connectionTimeout: 20_000,
    greetingTimeout: 20_000,
    socketTimeout: 60_000,
  });
}

export function createFirmMailer(base: Mailer, db: Executor, box: SecretBox): FirmMailer {
  const load = async (): Promise<Sender> => {
    const [smtp, general] = await Promise.all([readSmtpSettings(db, box), readGeneralSettings(db)]);
    const address =
      smtp?.fromAddress ||
      (smtp?.username.includes('@') ? smtp.username : '') ||
      general.companyEmail ||
      DEFAULT_FROM.address;
    return { smtp, from: { name: general.companyName || DEFAULT_FROM.name, address } };
  };
  let current: Promise<Sender> | null = null;
  const sender = () =>
    (current ??= load().catch((error: unknown) => {
      current = null;
      throw error;
    }));
  const refresh = async () => {
    const next = load();
    current = next;
    await next;
  };
  const withFrom = (message: MailMessage, from: Sender['from']) => ({ ...message, from: message.from ?? from });
  return {
    refresh,
    configured: async () => Boolean((await sender()).smtp) || base.configured,
    from: async () => (await sender()).from,
    send: async (message) => {
      const { smtp, from } = await sender();
      if (smtp) return (await smtpTransport(smtp).sendMail(withFrom(message, from))) as SentInfo;
      return base.send(withFrom(message, from));
    },
    sendTest: async (to) => {
      await refresh();
      const { smtp, from } = await sender();
      const message = withFrom(
        {
          to,
          subject: 'Test email from Visa CRM',
          text: 'This is a test message sent from System Settings → Integrations. Email delivery works.\n',
        },
        from,
      );
      if (!smtp && !base.configured) {
        return {
          delivered: false,
          via: 'none',
          message: 'No email provider is configured: nothing was sent, and other mails are kept in the Mail log.',
        };
      }
      try {
        const info = smtp ? ((await smtpTransport(smtp).sendMail(message)) as SentInfo) : await base.send(message);
        return { delivered: true, via: 'smtp', message: info.response ?? 'Accepted by the mail server.' };
      } catch (error) {
        return { delivered: false, via: 'smtp', message: error instanceof Error ? error.message : String(error) };
      }
    },
  };
}
