// The Mail log as tests read it: each message composed as the MIME message the mail server gets (from,
// to, subject, text with its link, attachments), so a test checks what a client or a user receives.
import type { FastifyInstance } from 'fastify';
import { and, asc, eq, ilike } from 'drizzle-orm';
import MailComposer from 'nodemailer/lib/mail-composer/index.js';
import { appUrlOf } from '../src/config.ts';
import { sentText } from '../src/platform/mail/mail-queue.ts';
import { mailMessages } from '../src/db/schema/index.ts';

/** Every mail of the log, or only those to `to` whose subject contains `subject`. */
export async function mailAsSent(
  app: FastifyInstance,
  only: { to?: string; subject?: string } = {},
): Promise<{ name: string; content: string }[]> {
  const rows = await app.db
    .select()
    .from(mailMessages)
    .where(
      and(
        only.to === undefined ? undefined : eq(mailMessages.toAddress, only.to),
        only.subject === undefined
          ? undefined
          : ilike(mailMessages.subject, `%${only.subject.replace(/[\\%_]/g, '\\$&')}%`),
      ),
    )
    .orderBy(asc(mailMessages.createdAt), asc(mailMessages.id));
  const from = await app.mailer.from();
  return Promise.all(
    rows.map(async (row) => {
      const attachments = await Promise.all(
        row.attachments.map(async (file) => {
          const stored = await app.storage.get(file.storageKey);
          const chunks: Buffer[] = [];
          for await (const chunk of stored?.stream ?? []) chunks.push(chunk as Buffer);
          return { filename: file.filename, contentType: file.contentType, content: Buffer.concat(chunks) };
        }),
      );
      const message = new MailComposer({
        from,
        to: row.toAddress,
        subject: row.subject,
        text: sentText(row, appUrlOf(app.config)),
        attachments,
      });
      const content = await new Promise<Buffer>((resolve, reject) =>
        message.compile().build((error, built) => (error ? reject(error) : resolve(built))),
      );
      return { name: row.id, content: content.toString('utf8') };
    }),
  );
}
