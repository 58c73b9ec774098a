// A backup is a gzipped tar (docs/decisions/0015): readable by `tar -xzf` anywhere, written and read here
// without a dependency. Only what a backup needs: regular files, ustar names (a prefix split at a '/'),
// sizes below 8 GB. Each entry is held in memory whole, so the writer cuts tables into bounded chunks and
// the reader refuses an entry beyond MAX_ENTRY_BYTES.
import { createHash } from 'node:crypto';

const BLOCK = 512;
export const MAX_ENTRY_BYTES = 64 * 1024 * 1024;

export class TarFormatError extends Error {}

function writeString(header: Buffer, value: string, offset: number, length: number) {
  header.write(value, offset, Math.min(Buffer.byteLength(value), length), 'utf8');
}

function writeOctal(header: Buffer, value: number, offset: number, length: number) {
  writeString(header, value.toString(8).padStart(length - 1, '0') + '\0', offset, length);
}

function splitName(name: string): { prefix: string; name: string } {
  if (Buffer.byteLength(name) <= 100) return { prefix: '', name };
  const cut = name.lastIndexOf('/', 155);
  const prefix = name.slice(0, cut);
  const rest = name.slice(cut + 1);
  if (cut <= 0 || Buffer.byteLength(prefix) > 155 || Buffer.byteLength(rest) > 100) {
    throw new TarFormatError(`name too long for a tar entry: ${name}`);
  }
  return { prefix, name: rest };
}

/** The 512-byte ustar header of a regular file. */
export function tarHeader(name: string, size: number, modifiedAt: Date): Buffer {
  const header = Buffer.alloc(BLOCK);
  const parts = splitName(name);
  writeString(header, parts.name, 0, 100);
  writeOctal(header, 0o644, 100, 8);
  writeOctal(header, 0, 108, 8);
  writeOctal(header, 0, 116, 8);
  writeOctal(header, size, 124, 12);
  writeOctal(header, Math.floor(modifiedAt.getTime() / 1000), 136, 12);
  header.fill(' ', 148, 156);
  header.write('0', 156);
  writeString(header, 'ustar\0', 257, 6);
  writeString(header, '00', 263, 2);
  writeString(header, parts.prefix, 345, 155);
  let sum = 0;
  for (const byte of header) sum += byte;
  writeString(header, sum.toString(8).padStart(6, '0') + '\0 ', 148, 8);
  return header;
}

export const tarPadding = (size: number) => Buffer.alloc((BLOCK - (size % BLOCK)) % BLOCK);
/** Two zero blocks end an archive. */
export const tarEnd = () => Buffer.alloc(BLOCK * 2);

const readString = (header: Buffer, offset: number, length: number) => {
  const raw = header.subarray(offset, offset + length);
  const end = raw.indexOf(0);
  return raw.subarray(0, end === -1 ? length : end).toString('utf8');
};

function parseHeader(header: Buffer): { name: string; size: number; type: string } {
  let sum = 0;
  for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 32 : header[i]!;
  const stored = parseInt(readString(header, 148, 8).trim(), 8);
  if (stored !== sum || readString(header, 257, 5) !== 'ustar') throw new TarFormatError('not a tar header');
  const size = parseInt(readString(header, 124, 12).trim() || '0', 8);
  if (!Number.isSafeInteger(size) || size < 0) throw new TarFormatError('bad entry size');
  const prefix = readString(header, 345, 155);
  const name = readString(header, 0, 100);
  return { name: prefix ? `${prefix}/${name}` : name, size, type: readString(header, 156, 1) || '0' };
}

export type TarEntry = { name: string; data: Buffer };

/** Chunks in, whole entries out; throws TarFormatError on anything that is not a tar of regular files. */
export async function* readTar(source: AsyncIterable<Buffer>): AsyncGenerator<TarEntry> {
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  const take = (n: number): Buffer => {
    const all = pending.length === 1 ? pending[0]! : Buffer.concat(pending);
    pending = all.length > n ? [all.subarray(n)] : [];
    pendingBytes = all.length - n;
    return all.subarray(0, n);
  };
  let current: { name: string; size: number; type: string } | null = null;
  let ended = false;
  for await (const chunk of source) {
    if (ended) continue;
    pending.push(chunk);
    pendingBytes += chunk.length;
    for (;;) {
      if (!current) {
        if (pendingBytes < BLOCK) break;
        const header = take(BLOCK);
        if (header.every((b) => b === 0)) {
          ended = true;
          break;
        }
        current = parseHeader(header);
        if (current.size > MAX_ENTRY_BYTES) throw new TarFormatError('entry too large');
        continue;
      }
      const padded = current.size + tarPadding(current.size).length;
      if (pendingBytes < padded) break;
      const data = Buffer.from(take(padded).subarray(0, current.size));
      const entry = current;
      current = null;
      // Directories and other kinds a hand-made archive may hold carry nothing of ours.
      if (entry.type === '0') yield { name: entry.name, data };
    }
  }
  if (!ended || current) throw new TarFormatError('archive ends early');
}

export const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest('hex');
