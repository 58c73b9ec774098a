// The backup's tar: what the writer puts in, the reader gives back, whatever the chunking of the stream;
// anything else is a TarFormatError.
import { describe, expect, it } from 'vitest';
import { readTar, TarFormatError, tarOf } from './tar-archive.ts';

const at = new Date('2026-11-26T00:00:00Z');

const archive = (entries: { name: string; data: Buffer }[]) => tarOf(entries, at);

async function read(bytes: Buffer, chunkSize = bytes.length) {
  async function* chunks() {
    for (let i = 0; i < bytes.length; i += chunkSize) yield bytes.subarray(i, i + chunkSize);
  }
  const out: { name: string; data: string }[] = [];
  for await (const entry of readTar(chunks())) out.push({ name: entry.name, data: entry.data.toString('utf8') });
  return out;
}

describe('tar archive', () => {
  const longName = `files/services/${'a'.repeat(36)}/${'b'.repeat(36)}/${'c'.repeat(40)}.png`;
  const entries = [
    { name: 'tables/leads/000001.jsonl', data: Buffer.from('{"id":"1"}\n{"id":"2"}\n') },
    { name: 'empty', data: Buffer.alloc(0) },
    { name: longName, data: Buffer.alloc(1500, 7) },
    { name: 'manifest.json', data: Buffer.from('{}') },
  ];

  it('gives back every entry, names over 100 bytes too, however the stream is cut', async () => {
    expect(longName.length).toBeGreaterThan(100);
    const expected = entries.map((e) => ({ name: e.name, data: e.data.toString('utf8') }));
    const whole = await archive(entries);
    for (const size of [1, 7, 512, 513, 100_000]) expect(await read(whole, size)).toEqual(expected);
  });

  it('refuses what is not a whole tar: text, a broken header, an archive cut short', async () => {
    const whole = await archive(entries);
    const broken = Buffer.from(whole);
    broken[10] = broken[10]! ^ 0xff;
    for (const bytes of [Buffer.alloc(2000, 65), broken, whole.subarray(0, 1200), Buffer.alloc(0)]) {
      await expect(read(bytes)).rejects.toBeInstanceOf(TarFormatError);
    }
  });
});
