// A workbook's zip, checked before the reader unpacks any of it, and packed again with only the parts the
// reader needs. exceljs's streaming reader takes each part's local header at its word and unpacks whatever
// follows for as long as it lasts: an 11 MB upload whose shared strings unpack to 4 GB exhausted the
// server. Here the central directory is read first: too many parts, too much unpacked in all (as declared)
// or a part declared to unpack too far is refused before anything is unpacked. The parts the reader needs
// are then unpacked once, counting the bytes as they come and stopping one byte past what was declared,
// since a declaration can lie. What the reader gets is a new zip of just those parts, in the order that
// lets it stream the sheet (its shared strings, relationships and styles first: otherwise exceljs copies
// the sheet to a temporary file, left behind when a read stops early), with sizes now known to be true.
import { createInflateRaw, crc32 } from 'node:zlib';
import { FileRefused, type ReadLimits } from './import-limits.ts';

type Entry = {
  name: string;
  flags: number;
  method: number;
  crc: number;
  packed: number;
  unpacked: number;
  offset: number;
};

const END_OF_DIRECTORY = 0x06054b50;
const DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;
const ZIP64_EXTRA = 0x0001;
const STORED = 0;
const DEFLATED = 8;
const ENCRYPTED = 0x1;
/** A part this small cannot hurt whatever its ratio; tiny XML packs unpredictably. */
const RATIO_GRACE_BYTES = 1024 * 1024;

const RELATIONSHIPS = 'xl/_rels/workbook.xml.rels';
const WORKBOOK = 'xl/workbook.xml';
const SHARED_STRINGS = 'xl/sharedStrings.xml';
const STYLES = 'xl/styles.xml';
const SHEET = /^xl\/worksheets\/sheet\d+\.xml$/;
/** Stand-ins for a missing part, so that exceljs streams the sheet rather than copying it to a temporary file. */
const EMPTY_PARTS: Record<string, string> = {
  [RELATIONSHIPS]:
    '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"/>',
  [SHARED_STRINGS]:
    '<?xml version="1.0" encoding="UTF-8"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="0" uniqueCount="0"/>',
};

const unreadable = () => new FileRefused('unreadable');

/** The workbook's parts the reader needs, checked, as a zip exceljs can stream. */
export async function checkedWorkbook(bytes: Buffer, limits: ReadLimits): Promise<Buffer> {
  const entries = centralDirectory(bytes, limits);
  const total = entries.reduce((sum, e) => sum + e.unpacked, 0);
  if (total > limits.unpackedBytes) throw new FileRefused('unpackedTooLarge');
  for (const e of entries) {
    if (e.unpacked > RATIO_GRACE_BYTES && e.unpacked > e.packed * limits.packingRatio) {
      throw new FileRefused('packedTooTightly');
    }
  }

  const byName = (name: string) => {
    const found = entries.filter((e) => e.name === name);
    // Two parts of one name: which one a reader takes is anyone's guess, the kind of doubt an attack uses.
    if (found.length > 1) throw unreadable();
    return found[0];
  };
  const firstSheet = entries.filter((e) => SHEET.test(e.name)).sort((a, b) => a.offset - b.offset)[0];
  const parts: Part[] = [];
  for (const name of [SHARED_STRINGS, RELATIONSHIPS, STYLES, WORKBOOK]) {
    const entry = byName(name);
    if (entry) parts.push(await verifiedPart(bytes, entry));
    else if (EMPTY_PARTS[name]) parts.push(storedPart(name, Buffer.from(EMPTY_PARTS[name])));
  }
  if (firstSheet) parts.push(await verifiedPart(bytes, byName(firstSheet.name)!));
  return zipOf(parts);
}

function centralDirectory(bytes: Buffer, limits: ReadLimits): Entry[] {
  // A zip64 end record (0xffff parts or more, or a directory past 4 GB) is no workbook of 20 MB.
  const { count, size, offset, at } = endOfDirectory(bytes);
  if (count > limits.workbookParts) throw new FileRefused('tooManyParts');
  const end = offset + size;
  if (end > at) throw unreadable();
  const entries: Entry[] = [];
  let p = offset;
  for (let i = 0; i < count; i++) {
    if (p + 46 > end || bytes.readUInt32LE(p) !== DIRECTORY_ENTRY) throw unreadable();
    const nameLength = bytes.readUInt16LE(p + 28);
    const extraLength = bytes.readUInt16LE(p + 30);
    const commentLength = bytes.readUInt16LE(p + 32);
    const next = p + 46 + nameLength + extraLength + commentLength;
    if (next > end) throw unreadable();
    const entry: Entry = {
      name: bytes.toString('utf8', p + 46, p + 46 + nameLength),
      flags: bytes.readUInt16LE(p + 8),
      method: bytes.readUInt16LE(p + 10),
      crc: bytes.readUInt32LE(p + 16),
      packed: bytes.readUInt32LE(p + 20),
      unpacked: bytes.readUInt32LE(p + 24),
      offset: bytes.readUInt32LE(p + 42),
    };
    readZip64Extra(bytes.subarray(p + 46 + nameLength, p + 46 + nameLength + extraLength), entry);
    entries.push(entry);
    p = next;
  }
  return entries;
}

/** The end-of-central-directory record: the last one whose comment runs to the end of the file. */
function endOfDirectory(bytes: Buffer) {
  const lowest = Math.max(0, bytes.length - 22 - 0xffff);
  for (let at = bytes.length - 22; at >= lowest; at--) {
    if (bytes.readUInt32LE(at) !== END_OF_DIRECTORY) continue;
    if (at + 22 + bytes.readUInt16LE(at + 20) !== bytes.length) continue;
    // Parts spread over several disks: no spreadsheet is saved that way.
    if (bytes.readUInt16LE(at + 4) !== 0 || bytes.readUInt16LE(at + 6) !== 0) throw unreadable();
    return {
      at,
      count: bytes.readUInt16LE(at + 10),
      size: bytes.readUInt32LE(at + 12),
      offset: bytes.readUInt32LE(at + 16),
    };
  }
  throw unreadable();
}

/** A zip64 extra field holds, in this order, each size or offset its header gave as 0xffffffff. */
function readZip64Extra(extra: Buffer, entry: Entry) {
  for (let p = 0; p + 4 <= extra.length;) {
    const id = extra.readUInt16LE(p);
    const length = extra.readUInt16LE(p + 2);
    if (id === ZIP64_EXTRA) {
      let q = p + 4;
      for (const field of ['unpacked', 'packed', 'offset'] as const) {
        if (entry[field] !== 0xffffffff) continue;
        if (q + 8 > p + 4 + length || q + 8 > extra.length) throw unreadable();
        entry[field] = safeNumber(extra.readBigUInt64LE(q));
        q += 8;
      }
      return;
    }
    p += 4 + length;
  }
}

function safeNumber(value: bigint): number {
  if (value > BigInt(Number.MAX_SAFE_INTEGER)) throw unreadable();
  return Number(value);
}

type Part = { name: string; method: number; crc: number; packed: Buffer; unpacked: number };

/** A part's packed bytes, once unpacking them has given exactly the size its directory entry declares. */
async function verifiedPart(bytes: Buffer, entry: Entry): Promise<Part> {
  if (entry.flags & ENCRYPTED) throw unreadable();
  const p = entry.offset;
  if (p + 30 > bytes.length || bytes.readUInt32LE(p) !== LOCAL_HEADER) throw unreadable();
  const start = p + 30 + bytes.readUInt16LE(p + 26) + bytes.readUInt16LE(p + 28);
  const packed = bytes.subarray(start, start + entry.packed);
  if (packed.length !== entry.packed) throw unreadable();
  if (entry.method === STORED) {
    if (entry.packed !== entry.unpacked) throw unreadable();
  } else if (entry.method === DEFLATED) {
    await inflatesTo(packed, entry.unpacked);
  } else {
    throw unreadable();
  }
  return { name: entry.name, method: entry.method, crc: entry.crc, packed, unpacked: entry.unpacked };
}

/** Unpacks and forgets, counting: refused the moment it passes `declared` bytes, or if it ends short of them. */
function inflatesTo(packed: Buffer, declared: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const inflate = createInflateRaw();
    let unpacked = 0;
    inflate.on('data', (chunk: Buffer) => {
      unpacked += chunk.length;
      if (unpacked > declared) {
        inflate.destroy();
        reject(unreadable());
      }
    });
    inflate.on('end', () => (unpacked === declared ? resolve() : reject(unreadable())));
    inflate.on('error', () => reject(unreadable()));
    inflate.end(packed);
  });
}

function storedPart(name: string, content: Buffer): Part {
  return { name, method: STORED, crc: crc32(content), packed: content, unpacked: content.length };
}

/** A plain zip of the parts: local headers with the true sizes (no data descriptors), then the directory. */
function zipOf(parts: Part[]): Buffer {
  const chunks: Buffer[] = [];
  const directory: Buffer[] = [];
  let offset = 0;
  for (const part of parts) {
    const name = Buffer.from(part.name, 'utf8');
    const local = Buffer.alloc(30);
    local.writeUInt32LE(LOCAL_HEADER, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x800, 6); // names in UTF-8
    local.writeUInt16LE(part.method, 8);
    local.writeUInt32LE(part.crc, 14);
    local.writeUInt32LE(part.packed.length, 18);
    local.writeUInt32LE(part.unpacked, 22);
    local.writeUInt16LE(name.length, 26);
    chunks.push(local, name, part.packed);

    const central = Buffer.alloc(46);
    central.writeUInt32LE(DIRECTORY_ENTRY, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x800, 8);
    central.writeUInt16LE(part.method, 10);
    central.writeUInt32LE(part.crc, 16);
    central.writeUInt32LE(part.packed.length, 20);
    central.writeUInt32LE(part.unpacked, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    directory.push(central, name);
    offset += local.length + name.length + part.packed.length;
  }
  const directorySize = directory.reduce((n, b) => n + b.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(END_OF_DIRECTORY, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(directorySize, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...chunks, ...directory, end]);
}
