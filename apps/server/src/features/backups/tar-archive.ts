// A backup is a gzipped tar (docs/decisions/0015), readable by `tar -xzf` anywhere. tar-stream writes and reads
// it; this module holds what a backup asks of it: regular files only, each entry whole in memory (the writer
// cuts tables into bounded chunks and the reader refuses an entry beyond MAX_ENTRY_BYTES before reading it),
// and anything that is not such a tar — an uploaded file is untrusted — a TarFormatError.
import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { extract, pack, type Pack } from 'tar-stream';

export const MAX_ENTRY_BYTES = 64 * 1024 * 1024;

export class TarFormatError extends Error {}

export type TarEntry = { name: string; data: Buffer };

/** A tar being written: entries go in one at a time, each after the one before has been taken. */
export function tarWriter(): { archive: Pack; add: (name: string, data: Buffer, modifiedAt: Date) => Promise<void> } {
  const archive = pack();
  const add = (name: string, data: Buffer, modifiedAt: Date) =>
    new Promise<void>((resolve, reject) =>
      archive.entry({ name, size: data.length, mtime: modifiedAt, mode: 0o644 }, data, (error) =>
        error ? reject(error) : resolve(),
      ),
    );
  return { archive, add };
}

/** The whole tar of these entries (tests and tools that build an archive in memory). */
export async function tarOf(entries: Iterable<TarEntry>, modifiedAt = new Date()): Promise<Buffer> {
  const { archive, add } = tarWriter();
  const chunks: Buffer[] = [];
  const collected = (async () => {
    for await (const chunk of archive) chunks.push(chunk as Buffer);
  })();
  for (const { name, data } of entries) await add(name, data, modifiedAt);
  archive.finalize();
  await collected;
  return Buffer.concat(chunks);
}

/** Chunks in, whole entries out; throws TarFormatError on anything that is not a tar of regular files. */
export async function* readTar(source: AsyncIterable<Buffer>): AsyncGenerator<TarEntry> {
  const reader = extract();
  const input = Readable.from(source);
  input.on('error', (error) => reader.destroy(error));
  input.pipe(reader);
  let entries = 0;
  try {
    for await (const entry of reader) {
      const { name, size = 0, type } = entry.header;
      if (size > MAX_ENTRY_BYTES) throw new TarFormatError('entry too large');
      const chunks: Buffer[] = [];
      for await (const chunk of entry) chunks.push(chunk as Buffer);
      entries++;
      // Directories and other kinds a hand-made archive may hold carry nothing of ours.
      if (type === 'file') yield { name, data: Buffer.concat(chunks) };
    }
  } catch (error) {
    throw error instanceof TarFormatError ? error : new TarFormatError((error as Error).message);
  } finally {
    input.destroy();
    reader.destroy();
  }
  if (entries === 0) throw new TarFormatError('not a tar archive');
}

export const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest('hex');
