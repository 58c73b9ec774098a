// The local disk storage's listing and streamed writes (what backups need): keys in order, a prefix reads
// its own folder, half-written files and anything not put here are not listed, keys stay the server's.
import { mkdtemp, rm, writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localDiskStorage } from './file-storage.ts';

let root: string;
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'crm-storage-'));
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

const id = (n: number) => `0000000${n}-0000-4000-8000-000000000000`;

describe('local disk storage', () => {
  it('lists what was put, by prefix and in key order, and stores a stream whole', async () => {
    const storage = localDiskStorage(root);
    const evidence = `services/${id(2)}/${id(3)}.png`;
    const logo = `invoice-templates/${id(1)}/${id(4)}.jpg`;
    const backup = 'backups/20261126T020000Z-0123abcd.tar.gz';
    await storage.put(evidence, Buffer.from('png'));
    await storage.put(logo, Buffer.from('jpg'));
    await storage.putStream(backup, Readable.from([Buffer.from('part one, '), Buffer.from('part two')]));
    // Not put through the interface: a file being written, and a stranger.
    await writeFile(join(root, `${evidence}.x.partial`), 'half');
    await mkdir(join(root, 'other'), { recursive: true });
    await writeFile(join(root, 'other', 'notes.txt'), 'x');

    expect((await storage.list('')).map((f) => f.key)).toEqual([backup, logo, evidence]);
    expect(await storage.list('backups/')).toEqual([
      { key: backup, size: 'part one, part two'.length, modifiedAt: expect.any(Date) },
    ]);
    expect(await storage.list('nothing-here/')).toEqual([]);
    await expect(storage.putStream('../outside.tar.gz', Readable.from([Buffer.from('x')]))).rejects.toThrow(
      /not a storage key/,
    );
  });
});
