// Demo services (README "Demo data"): 1–3 on about a third of the demo leads and most demo clients,
// seeded once into an empty table; every fifth paid service carries a payment-evidence image.
import { deflateSync } from 'node:zlib';
import { count, isNotNull, sql } from 'drizzle-orm';
import { EVIDENCE_TYPES } from '@crm/domain';
import type { Database } from '../db/database.ts';
import { auditLogs, clients, leads, services } from '../db/schema/index.ts';
import { type FileStorage, newFileKey } from '../storage/file-storage.ts';
import { createRandom } from './lead-generator.ts';
import { generateService } from './service-generator.ts';

const DEMO_SEED = 20_261_123;

/**
 * Inserts demo services when the table is empty and nobody has ever written one (a firm that deleted all
 * its services does not get demo ones back); returns how many it inserted.
 */
export async function seedDemoServices(db: Database, storage: FileStorage, now = new Date()): Promise<number> {
  const [existing] = await db.select({ n: count() }).from(services);
  const [history] = await db
    .select({ n: count() })
    .from(auditLogs)
    .where(sql`${auditLogs.resourceType} = 'SERVICE'`);
  if ((existing?.n ?? 0) > 0 || (history?.n ?? 0) > 0) return 0;
  const random = createRandom(DEMO_SEED);
  const leadRows = await db
    .select({ id: leads.id, createdBy: leads.createdBy })
    .from(leads)
    .where(sql`${leads.deletedAt} is null and ${leads.convertedToClientId} is null`)
    .orderBy(leads.id);
  const clientRows = await db
    .select({ id: clients.id, createdBy: clients.createdBy, from: clients.convertedFromLeadId })
    .from(clients)
    .where(isNotNull(clients.id))
    .orderBy(clients.id);
  const rows = [
    ...leadRows
      .filter(() => random.chance(0.35))
      .flatMap((l) =>
        Array.from({ length: random.int(1, 2) }, () =>
          generateService(random, { leadId: l.id, createdBy: l.createdBy }, now, 120),
        ),
      ),
    ...clientRows
      .filter(() => random.chance(0.8))
      .flatMap((c) =>
        Array.from({ length: random.int(1, 3) }, () => ({
          ...generateService(random, { clientId: c.id, createdBy: c.createdBy }, now, 200),
          transferredFromLeadId: c.from,
        })),
      ),
  ];
  if (rows.length === 0) return 0;
  const files: { key: string; bytes: Uint8Array }[] = [];
  await db.transaction(async (tx) => {
    for (let i = 0; i < rows.length; i += 200) {
      const inserted = await tx
        .insert(services)
        .values(rows.slice(i, i + 200))
        .returning({ id: services.id, paid: services.paidAmount });
      for (const [j, row] of inserted.entries()) {
        if (Number(row.paid) === 0 || (i + j) % 5 !== 0) continue;
        const key = newFileKey('services', row.id, EVIDENCE_TYPES['image/png']);
        files.push({ key, bytes: receiptImage(i + j) });
        await tx
          .update(services)
          .set({ paymentEvidenceKey: key })
          .where(sql`${services.id} = ${row.id}`);
      }
    }
  });
  for (const file of files) await storage.put(file.key, file.bytes);
  return rows.length;
}

/** A small PNG that looks like a scanned receipt: a pale sheet with ruled lines, a tint per service. */
function receiptImage(seed: number): Uint8Array {
  const width = 240;
  const height = 320;
  const tint = 200 + (seed % 40);
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1);
    raw[row] = 0; // no filter
    const ruled = y > 40 && y % 24 === 0;
    const header = y > 12 && y < 32;
    for (let x = 0; x < width; x++) {
      const edge = x < 12 || x >= width - 12;
      const value = edge ? 235 : header && x < 160 ? 90 : ruled && x > 20 && x < width - 20 ? 150 : 250;
      raw[row + 1 + x * 3] = value;
      raw[row + 2 + x * 3] = value;
      raw[row + 3 + x * 3] = Math.min(255, value === 250 ? tint + 50 : value);
    }
  }
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // truecolour
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
