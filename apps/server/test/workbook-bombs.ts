// Workbooks built to exhaust whatever reads them, each small once packed (the import bomb test): a body
// repeated thousands of times is packed once and its packed bytes copied, so a part that unpacks to 4 GB
// costs the test a few megabytes and milliseconds. Also a plain workbook from the same builder, to show
// that what the bombs are refused for is their size, not their shape.
import { constants, crc32, deflateRawSync } from 'node:zlib';

type Part = {
  name: string;
  packed: Buffer;
  method: 0 | 8;
  crc: number;
  /** What the headers declare it unpacks to: the truth unless a bomb says otherwise. */
  unpacked: number;
};

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const RELATIONSHIPS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const DOCUMENT_RELATIONSHIPS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const XML = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>';

const packed = (name: string, text: string): Part => {
  const bytes = Buffer.from(text);
  return { name, packed: deflateRawSync(bytes), method: 8, crc: crc32(bytes), unpacked: bytes.length };
};

/**
 * `head`, then `body` `times` over, then `tail`, packed without ever being built: each piece packed on its
 * own ends on a whole byte (a full flush), so the body's packed bytes can simply follow each other. The
 * checksum is left at 0: working it out would mean building the whole.
 */
function repeated(name: string, head: string, body: string, times: number, tail: string): Part {
  const flush = { finishFlush: constants.Z_FULL_FLUSH };
  const bodyPacked = deflateRawSync(body, flush);
  return {
    name,
    packed: Buffer.concat([
      deflateRawSync(head, flush),
      ...Array.from({ length: times }, () => bodyPacked),
      deflateRawSync(tail),
    ]),
    method: 8,
    crc: 0,
    unpacked: Buffer.byteLength(head) + Buffer.byteLength(body) * times + Buffer.byteLength(tail),
  };
}

/**
 * A zip of the parts, in order; sizes as each part declares them, in its local header and the directory.
 * `zip64`: the directory gives each size and offset as 0xffffffff and the true ones in a zip64 extra field.
 */
function zipOf(parts: Part[], zip64 = false): Buffer {
  const chunks: Buffer[] = [];
  const directory: Buffer[] = [];
  let offset = 0;
  for (const part of parts) {
    const name = Buffer.from(part.name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(part.method, 8);
    local.writeUInt32LE(part.crc, 14);
    local.writeUInt32LE(part.packed.length, 18);
    local.writeUInt32LE(part.unpacked, 22);
    local.writeUInt16LE(name.length, 26);
    chunks.push(local, name, part.packed);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(zip64 ? 45 : 20, 4);
    central.writeUInt16LE(zip64 ? 45 : 20, 6);
    central.writeUInt16LE(part.method, 10);
    central.writeUInt32LE(part.crc, 16);
    central.writeUInt32LE(zip64 ? 0xffffffff : part.packed.length, 20);
    central.writeUInt32LE(zip64 ? 0xffffffff : part.unpacked, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(zip64 ? 0xffffffff : offset, 42);
    const extra = Buffer.alloc(zip64 ? 28 : 0);
    if (zip64) {
      extra.writeUInt16LE(0x0001, 0);
      extra.writeUInt16LE(24, 2);
      extra.writeBigUInt64LE(BigInt(part.unpacked), 4);
      extra.writeBigUInt64LE(BigInt(part.packed.length), 12);
      extra.writeBigUInt64LE(BigInt(offset), 20);
      central.writeUInt16LE(extra.length, 30);
    }
    directory.push(central, name, extra);
    offset += local.length + name.length + part.packed.length;
  }
  const size = directory.reduce((n, b) => n + b.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(size, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...chunks, ...directory, end]);
}

/** A workbook of one sheet: `sheet` and `sharedStrings` are parts (or their XML); the others are the usual. */
function workbook({
  sheet,
  sharedStrings,
  extra = [],
  zip64 = false,
}: {
  sheet: Part | string;
  sharedStrings?: Part | string;
  extra?: Part[];
  zip64?: boolean;
}): Buffer {
  const part = (name: string, p: Part | string) => (typeof p === 'string' ? packed(name, p) : { ...p, name });
  return zipOf(
    [
      // First, as Excel puts it: the file's type is told from it.
      packed(
        '[Content_Types].xml',
        `${XML}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
          '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
          '<Default Extension="xml" ContentType="application/xml"/>' +
          '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
          '</Types>',
      ),
      packed(
        '_rels/.rels',
        `${XML}<Relationships xmlns="${RELATIONSHIPS}"><Relationship Id="rId1" Type="${DOCUMENT_RELATIONSHIPS}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
      ),
      packed(
        'xl/workbook.xml',
        `${XML}<workbook xmlns="${MAIN}" xmlns:r="${DOCUMENT_RELATIONSHIPS}"><sheets><sheet name="Leads" sheetId="1" r:id="rId1"/></sheets></workbook>`,
      ),
      packed(
        'xl/_rels/workbook.xml.rels',
        `${XML}<Relationships xmlns="${RELATIONSHIPS}"><Relationship Id="rId1" Type="${DOCUMENT_RELATIONSHIPS}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
      ),
      ...(sharedStrings === undefined ? [] : [part('xl/sharedStrings.xml', sharedStrings)]),
      part('xl/worksheets/sheet1.xml', sheet),
      ...extra,
    ],
    zip64,
  );
}

const SHEET_HEAD = `${XML}<worksheet xmlns="${MAIN}"><sheetData>`;
const SHEET_TAIL = '</sheetData></worksheet>';
const inlineCell = (ref: string, text: string) => `<c r="${ref}" t="inlineStr"><is><t>${text}</t></is></c>`;
const row = (n: number, cells: string[]) =>
  `<row r="${n}">${cells.map((text, i) => inlineCell(`${String.fromCharCode(65 + i)}${n}`, text)).join('')}</row>`;

/** The same little pseudo-random sequence every run: enough disorder to keep a part's packing ratio honest. */
function* coinFlips(): Generator<boolean> {
  let state = 2463534242;
  for (;;) {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    yield (state & 1) === 1;
  }
}

const MiB = 1024 * 1024;

/** A good workbook from the same builder: two rows, one of them through the shared strings. */
export function plainWorkbook({ zip64 = false } = {}): Buffer {
  return workbook({
    zip64,
    sharedStrings: `${XML}<sst xmlns="${MAIN}" count="1" uniqueCount="1"><si><t>Amira</t></si></sst>`,
    sheet:
      SHEET_HEAD +
      row(1, ['First Name', 'Last Name']) +
      `<row r="2"><c r="A2" t="s"><v>0</v></c>${inlineCell('B2', 'Haddad')}</row>` +
      SHEET_TAIL,
  });
}

/** The finding: shared strings declared — truly — to unpack to 3.9 GB, in about 4 MB. */
export function sharedStringsBomb(): Buffer {
  const strings = '<si><t>lead</t></si>'.repeat(MiB / 20);
  return workbook({
    sharedStrings: repeated('', `${XML}<sst xmlns="${MAIN}">`, strings, 3900, '</sst>'),
    sheet: SHEET_HEAD + row(1, ['First Name']) + SHEET_TAIL,
  });
}

/** A sheet whose XML opens elements millions deep (32 MB, packed about 20 to 1), never closing them. */
export function nestedXmlBomb(): Buffer {
  const flips = coinFlips();
  let tags = '';
  while (tags.length < MiB) tags += flips.next().value ? '<a>' : '<b>';
  return workbook({ sheet: repeated('', SHEET_HEAD + row(1, ['First Name']), tags, 32, SHEET_TAIL) });
}

/** More parts than any spreadsheet of leads: 1,500 sheets of one cell. */
export function manySheetsBomb(): Buffer {
  const sheet = SHEET_HEAD + row(1, ['First Name']) + SHEET_TAIL;
  return workbook({
    sheet,
    extra: Array.from({ length: 1500 }, (_, i) => packed(`xl/worksheets/sheet${i + 2}.xml`, sheet)),
  });
}

/** One part declared — truly — to unpack 150 MB from about 150 KB: spaces, 1,000 to 1. */
export function highRatioBomb(): Buffer {
  return workbook({ sheet: repeated('', SHEET_HEAD + row(1, ['First Name']), ' '.repeat(MiB), 150, SHEET_TAIL) });
}

/** A sheet whose headers say 100 KB while its bytes unpack to 3.9 GB. */
export function lyingSizesBomb(): Buffer {
  const sheet = repeated('', SHEET_HEAD + row(1, ['First Name']), ' '.repeat(MiB), 3900, SHEET_TAIL);
  return workbook({ sheet: { ...sheet, unpacked: 100 * 1024 } });
}

/** Shared strings that define an entity of entities (the billion laughs). */
export function entityBomb(): Buffer {
  const levels = Array.from({ length: 9 }, (_, i) =>
    i === 0 ? '<!ENTITY lol0 "lol">' : `<!ENTITY lol${i} "${`&lol${i - 1};`.repeat(10)}">`,
  ).join('');
  return workbook({
    sharedStrings: `${XML}<!DOCTYPE sst [${levels}]><sst xmlns="${MAIN}"><si><t>&lol8;</t></si></sst>`,
    sheet: SHEET_HEAD + `<row r="1"><c r="A1" t="s"><v>0</v></c></row>` + SHEET_TAIL,
  });
}

/** Two parts of one name, each shared strings saying something else: which one a reader takes is a guess. */
export function twinPartsWorkbook(): Buffer {
  const strings = (text: string) => `${XML}<sst xmlns="${MAIN}"><si><t>${text}</t></si></sst>`;
  return workbook({
    sharedStrings: strings('Amira'),
    sheet: SHEET_HEAD + `<row r="1"><c r="A1" t="s"><v>0</v></c></row>` + SHEET_TAIL,
    extra: [packed('xl/sharedStrings.xml', strings('=HYPERLINK("x")'))],
  });
}
