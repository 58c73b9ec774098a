// The transport the mail delivery sends through (features/mail): the email provider configured in
// Integrations when there is one (issue 15 item 4), otherwise the mail transport the server started with
// (SMTP_URL, or none: messages are then kept in the Mail log). Every message goes out under the company's
// name. The settings are held per process and read again on every settings change event (and at once by the
// process that saved them): a mail is often sent inside a transaction, where a second query on the embedded
// database's one connection would wait for ever. The provider's host was typed in a browser: it is reached
// only through the address check of smtp-destination.ts, and the test email reports one of a fixed set of
// outcomes, never what the other end said (issue 28).
import nodemailer from 'nodemailer';
import { type EmailTestOutcome, type EmailTestResult, emailTestResult } from '@crm/domain';
import type { Executor } from '../../db/database.ts';
import { DEFAULT_FROM, type Mailer, type MailMessage, type SentInfo } from '../../plugins/mail.ts';
import { readSmtpSettings, type SmtpSettings } from './integration-settings.ts';
import type { SecretBox } from './secret-box.ts';
import { readGeneralSettings } from './settings.repository.ts';
import { PrivateAddressRefused, smtpSocket } from './smtp-destination.ts';

export type FirmMailer = Omit<Mailer, 'configured' | 'signsIn'> & {
  /** Whether a mail server is set (a provider in Integrations, or SMTP_URL). */
  configured: () => Promise<boolean>;
  /** The sender every message goes out under: the company's name and address. */
  from: () => Promise<{ name: string; address: string }>;
  /** Sends a test message through the saved settings and reports how it went, instead of throwing. */
  sendTest: (to: string) => Promise<EmailTestResult>;
  /** Reads the email provider and the company name again (after a settings change). */
  refresh: () => Promise<void>;
};

type Sender = { smtp: SmtpSettings | null; from: { name: string; address: string } };

/** Refused before connecting: the username's password was removed when the mail server changed. */
class PasswordRequired extends Error {
  readonly code = 'EAUTH';
  constructor() {
    super('No password is stored for the mail server’s username');
  }
}

function smtpTransport(smtp: SmtpSettings, allowPrivate: boolean) {
  if (smtp.username && !smtp.password) throw new PasswordRequired();
  return nodemailer.createTransport({
    host: smtp.host,
    port: smtp.port,
    secure: smtp.security === 'tls',
    requireTLS: smtp.security === 'starttls',
    ignoreTLS: smtp.security === 'none',
    auth: smtp.username ? { user: smtp.username, pass: smtp.password } : undefined,
    // With a username the server must take it: a server that offers no sign-in is not the firm's account.
    forceAuth: Boolean(smtp.username),
    getSocket: smtpSocket(allowPrivate),
    // A provider that does not answer is reported within a minute, not after nodemailer's two.
    connectionTimeout: 20_000,
    greetingTimeout: 20_000,
    socketTimeout: 60_000,
  });
}

/**
 * A failed test in the fixed words. Anything before the mail server has shown itself to be one (refused,
 * no or another greeting, a reset, a time-out, an unknown name) is 'could_not_connect': the test is no probe
 * of what else listens somewhere.
 */
export function emailTestOutcomeOf(error: unknown): EmailTestOutcome {
  if (error instanceof PasswordRequired) return 'password_required';
  if (error instanceof PrivateAddressRefused) return 'private_address';
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'EAUTH') return 'authentication_failed';
  if (code === 'ETLS') return 'tls_failed';
  if (code === 'EENVELOPE' || code === 'EMESSAGE') return 'not_accepted';
  return 'could_not_connect';
}

export type FirmMailerOptions = {
  /** SMTP_ALLOW_PRIVATE: the provider may be a loopback, link-local or private address (an on-premises relay). */
  allowPrivateAddresses: boolean;
};

export function createFirmMailer(
  base: Mailer,
  db: Executor,
  box: SecretBox,
  { allowPrivateAddresses }: FirmMailerOptions,
): FirmMailer {
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
      if (!smtp) return base.send(withFrom(message, from));
      return (await smtpTransport(smtp, allowPrivateAddresses).sendMail(withFrom(message, from))) as SentInfo;
    },
    sendTest: async (to) => {
      await refresh();
      const { smtp, from } = await sender();
      if (!smtp && !base.configured) return emailTestResult('not_configured');
      const message = withFrom(
        {
          to,
          subject: 'Test email from Visa CRM',
          text: 'This is a test message sent from System Settings → Integrations. Email delivery works.\n',
        },
        from,
      );
      try {
        if (smtp) await smtpTransport(smtp, allowPrivateAddresses).sendMail(message);
        else await base.send(message);
        const signsIn = smtp ? smtp.username !== '' : base.signsIn;
        return emailTestResult(signsIn ? 'authenticated' : 'connected');
      } catch (error) {
        return emailTestResult(emailTestOutcomeOf(error));
      }
    },
  };
}
