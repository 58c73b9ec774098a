// Payment evidence of a service (spec 2 §5, issue 11 item 3): one image per service, its type told by its
// content (file-type), under 5 MB, kept behind the storage interface and served only to users who may see
// the service's record.
import { fileTypeFromBuffer } from 'file-type';
import {
  EVIDENCE_MAX_BYTES,
  EVIDENCE_TYPES,
  type EvidenceType,
  SERVICE_MESSAGES,
  type ServiceRecord,
} from '@crm/domain';
import type { Database } from '../../db/database.ts';
import type { Actor } from '../../plugins/actor.ts';
import { AppError, conflict } from '../../plugins/errors.ts';
import { type FileStorage, newFileKey } from '../../storage/file-storage.ts';
import { readFirmToday } from '../../platform/settings/settings.repository.ts';
import { toServiceRecord, updateServiceVersioned } from './services.repository.ts';
import { serviceFor, serviceChanged } from './services.service.ts';

const refuse = (message: string) => new AppError('VALIDATION_FAILED', message, { file: [message] });

/** The image's type by its first bytes; 400 with the spec's message for anything else. */
export async function evidenceTypeOf(bytes: Uint8Array): Promise<EvidenceType> {
  if (bytes.byteLength >= EVIDENCE_MAX_BYTES) throw refuse(SERVICE_MESSAGES.evidenceSize);
  const found = await fileTypeFromBuffer(bytes);
  if (!found || !(found.mime in EVIDENCE_TYPES)) throw refuse(SERVICE_MESSAGES.evidenceType);
  return found.mime as EvidenceType;
}

export const evidenceTooLarge = () => refuse(SERVICE_MESSAGES.evidenceSize);
export const evidenceMissing = () => refuse(SERVICE_MESSAGES.evidenceMissing);
export const evidenceUnreadable = () => refuse(SERVICE_MESSAGES.evidenceUnreadable);

/**
 * Stores the image and points the service at it, replacing the one before (removed once the change has
 * committed, so no file is left without its row nor a row without its file).
 */
export async function attachEvidence(
  db: Database,
  storage: FileStorage,
  actor: Actor,
  id: string,
  bytes: Uint8Array,
): Promise<ServiceRecord> {
  const type = await evidenceTypeOf(bytes);
  const before = await serviceFor(db, actor, id, 'edit');
  const key = newFileKey('services', before.id, EVIDENCE_TYPES[type]);
  await storage.put(key, bytes);
  try {
    const saved = await db.transaction(async (tx) => {
      const current = await serviceFor(tx, actor, id, 'edit');
      const row = await updateServiceVersioned(tx, id, current.version, {
        paymentEvidenceKey: key,
        updatedBy: actor.ctx.actorId,
      });
      if (!row) throw conflict();
      await serviceChanged(tx, actor, row, 'UPLOAD_PAYMENT_EVIDENCE', {
        old: { paymentEvidence: current.paymentEvidenceKey !== null },
        new: { paymentEvidence: true, contentType: type, bytes: bytes.byteLength },
      });
      return { row, replaced: current.paymentEvidenceKey };
    });
    if (saved.replaced) await storage.remove(saved.replaced).catch(() => {});
    return toServiceRecord(saved.row, await readFirmToday(db));
  } catch (error) {
    await storage.remove(key).catch(() => {});
    throw error;
  }
}

/** The image of a service the actor may see: its bytes, type and size; 404 otherwise. */
export async function readEvidence(db: Database, storage: FileStorage, actor: Actor, id: string) {
  const row = await serviceFor(db, actor, id, 'view');
  const key = row.paymentEvidenceKey;
  const file = key ? await storage.get(key) : undefined;
  if (!key || !file) throw new AppError('NOT_FOUND', SERVICE_MESSAGES.evidenceNotFound);
  const extension = key.slice(key.lastIndexOf('.') + 1);
  const contentType = (Object.entries(EVIDENCE_TYPES).find(([, ext]) => ext === extension)?.[0] ??
    'application/octet-stream') as string;
  return { ...file, contentType, filename: `payment-evidence-${row.id}.${extension}` };
}
