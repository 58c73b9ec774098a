// Queues a mail in the caller's transaction (issue 27): the message is a row of mail_messages, committed
// with the change it tells about, so a reset token exists only if its mail does, and a request never fails
// because of the mail server. Its attachments are stored first behind the storage interface (every server
// reads the same copy); a transaction that rolls back leaves them unreferenced, which costs only disk.
// The change event wakes every process's delivery at commit; one of them claims the row and sends it.
import { randomUUID } from 'node:crypto';
import { MAIL_MAX_ATTEMPTS, type MailKind, type MailReceipt } from '@crm/domain';
import type { Executor } from '../../db/database.ts';
import { mailMessages, type StoredMailAttachment } from '../../db/schema/index.ts';
import type { MailAttachment } from '../../plugins/mail.ts';
import type { FileStorage } from '../../storage/file-storage.ts';
import { publishChange } from '../audit/record-change.ts';

/** The change event of the Mail log: QUEUED wakes the senders; SENT, RETRYING, FAILED and KEPT update screens. */
export const MAIL_EVENT = 'mail';

export type QueuedMail = {
  kind: MailKind;
  to: string;
  subject: string;
  text: string;
  /** Files sent with it, stored behind the storage interface. */
  attachments?: { storage: FileStorage; files: MailAttachment[] };
  /** Files already stored, of the message this one sends again. */
  storedAttachments?: StoredMailAttachment[];
  /** A page of the app it points to ('/my-tasks'): sent as a full link below the text. */
  link?: string | null;
  /** The record it is about: its History lists the mail, and the log links to it. */
  about?: { type: 'invoice' | 'lead' | 'client' | 'user' | 'task'; id: string };
  actorId: string | null;
};

const extensionOf = (contentType: string) => (contentType === 'application/pdf' ? 'pdf' : 'bin');

export async function queueMail(db: Executor, mail: QueuedMail): Promise<MailReceipt> {
  const id = randomUUID();
  const attachments: StoredMailAttachment[] = [...(mail.storedAttachments ?? [])];
  for (const file of mail.attachments?.files ?? []) {
    const storageKey = `mail/${id}/${randomUUID()}.${extensionOf(file.contentType)}`;
    await mail.attachments!.storage.put(storageKey, file.content);
    attachments.push({
      filename: file.filename,
      contentType: file.contentType,
      storageKey,
      size: file.content.length,
    });
  }
  await db.insert(mailMessages).values({
    id,
    kind: mail.kind,
    toAddress: mail.to,
    subject: mail.subject,
    body: mail.text,
    link: mail.link ?? null,
    attachments,
    recordType: mail.about?.type ?? null,
    recordId: mail.about?.id ?? null,
    createdBy: mail.actorId,
    maxAttempts: MAIL_MAX_ATTEMPTS,
  });
  await publishChange(db, { actorId: mail.actorId, ipAddress: null, userAgent: null }, MAIL_EVENT, 'QUEUED', id);
  return { id, to: mail.to, status: 'queued' };
}

/** The text as sent: a mail with a link gets it in full, and where to change which mails arrive. */
export function sentText(row: { body: string; link: string | null }, appUrl: string): string {
  if (!row.link) return row.body;
  const base = appUrl.replace(/\/$/, '');
  return [
    row.body,
    '',
    `Open in Visa CRM: ${base}${row.link}`,
    '',
    `You can choose which mails you receive in My Profile → Notifications: ${base}/profile`,
    '',
  ].join('\n');
}
