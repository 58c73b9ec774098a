// A contract as an A4 PDF (issue 16 item 1), through the one PDF engine. The content is rich text already
// cleaned to the task tags (task-content.ts: paragraphs, breaks, bold, italic, underline, strike, lists,
// headings, div and span, with only class and style attributes, every '<' in text escaped), so a small
// converter of exactly those tags to pdfmake nodes is enough: no DOM, no HTML parser on the server.
import {
  type ContractRecord,
  type DateFormat,
  formatAbn,
  type GeneralSettings,
  CONTRACT_STATUS_LABELS,
} from '@crm/domain';
import { formatCalendarDate } from '../../jobs/mail-text.ts';
import { type Margins, pageFooter, type PdfContent, type PdfDefinition, type PdfNode } from '../../pdf/pdf-renderer.ts';

const MUTED = '#64748B';
const HEADING_SIZES: Record<string, number> = { h1: 18, h2: 15, h3: 13, h4: 12, h5: 11, h6: 10 };

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

type Inline = { text: string; bold?: boolean; italics?: boolean; decoration?: 'underline' | 'lineThrough' };
type Style = Omit<Inline, 'text'>;
type Block = { kind: 'paragraph'; tag: string; runs: Inline[] } | { kind: 'list'; ordered: boolean; items: Block[][] };

/** The cleaned HTML as pdfmake content: paragraphs, headings and (nested) lists with inline styles. */
export function htmlToPdfContent(html: string): PdfContent[] {
  const tokens = html.matchAll(/<(\/?)([a-z0-9]+)[^>]*?(\/?)>|([^<]+)/gi);
  // A stack of containers: the document itself, lists, and list items, each collecting blocks.
  type Frame = { tag: string; blocks: Block[]; items?: Block[][]; ordered?: boolean };
  const root: Frame = { tag: 'root', blocks: [] };
  const frames: Frame[] = [root];
  const styles: Style[] = [{}];
  let paragraph: { tag: string; runs: Inline[] } | null = null;
  const top = () => frames[frames.length - 1]!;
  const flush = () => {
    if (paragraph && paragraph.runs.some((r) => r.text.trim() !== '')) {
      top().blocks.push({ kind: 'paragraph', tag: paragraph.tag, runs: paragraph.runs });
    }
    paragraph = null;
  };
  const open = (tag: string) => {
    flush();
    paragraph = { tag, runs: [] };
  };
  for (const match of tokens) {
    const [, closing, rawTag, selfClosing, text] = match;
    if (text !== undefined) {
      const value = decodeEntities(text);
      if (value.trim() === '' && !paragraph) continue;
      paragraph ??= { tag: 'p', runs: [] };
      paragraph.runs.push({ text: value, ...styles[styles.length - 1] });
      continue;
    }
    const tag = rawTag!.toLowerCase();
    const style = styles[styles.length - 1]!;
    if (tag === 'br') {
      paragraph ??= { tag: 'p', runs: [] };
      paragraph.runs.push({ text: '\n' });
      continue;
    }
    if (closing) {
      if (['b', 'strong', 'i', 'em', 'u', 's', 'strike', 'span'].includes(tag)) {
        if (styles.length > 1) styles.pop();
      } else if (tag === 'li' || tag === 'ul' || tag === 'ol') {
        flush();
        const frame = top();
        if (frame.tag === tag && frames.length > 1) {
          frames.pop();
          if (tag === 'li') top().items?.push(frame.blocks);
          else top().blocks.push({ kind: 'list', ordered: tag === 'ol', items: frame.items ?? [] });
        }
      } else {
        flush();
      }
      continue;
    }
    if (selfClosing) continue;
    if (tag === 'b' || tag === 'strong') styles.push({ ...style, bold: true });
    else if (tag === 'i' || tag === 'em') styles.push({ ...style, italics: true });
    else if (tag === 'u') styles.push({ ...style, decoration: 'underline' });
    else if (tag === 's' || tag === 'strike') styles.push({ ...style, decoration: 'lineThrough' });
    else if (tag === 'span') styles.push({ ...style });
    else if (tag === 'ul' || tag === 'ol') {
      flush();
      frames.push({ tag, blocks: [], items: [], ordered: tag === 'ol' });
    } else if (tag === 'li') {
      flush();
      frames.push({ tag, blocks: [] });
    } else open(tag);
  }
  flush();
  // Unclosed lists and items (the cleaner closes tags, so only a cut can leave them) close at the end.
  while (frames.length > 1) {
    const frame = frames.pop()!;
    if (frame.tag === 'li') top().items?.push(frame.blocks);
    else top().blocks.push({ kind: 'list', ordered: frame.tag === 'ol', items: frame.items ?? [] });
  }
  return root.blocks.map(toNode);
}

function toNode(block: Block): PdfNode {
  if (block.kind === 'list') {
    const items = block.items.map((blocks) =>
      blocks.length === 1 ? toNode(blocks[0]!) : { stack: blocks.map(toNode) },
    );
    return block.ordered ? { ol: items, margin: [0, 0, 0, 6] } : { ul: items, margin: [0, 0, 0, 6] };
  }
  const size = HEADING_SIZES[block.tag];
  return {
    text: block.runs.map((r) => ({ ...r })),
    margin: [0, size ? 8 : 0, 0, 6] as Margins,
    ...(size ? { fontSize: size, bold: true } : {}),
  };
}

export function contractDocument(
  contract: ContractRecord,
  firm: GeneralSettings,
  dateFormat: DateFormat,
): PdfDefinition {
  const date = (d: string | null) => (d ? formatCalendarDate(d, dateFormat) : '—');
  const details: [string, string][] = [
    ['Reference', contract.reference],
    ['Status', CONTRACT_STATUS_LABELS[contract.status]],
    ['Effective date', date(contract.effectiveDate)],
    ['Expiry date', date(contract.expiryDate)],
    ...(contract.signedDate ? ([['Signed on', date(contract.signedDate)]] as [string, string][]) : []),
  ];
  const parties = [contract.clientName, ...contract.additionalClients.map((c) => c.name)];
  return {
    info: { title: `${contract.title} ${contract.reference}`, author: firm.companyName },
    pageMargins: [50, 50, 50, 60],
    footer: pageFooter,
    ...(contract.status === 'terminated'
      ? { watermark: { text: 'TERMINATED', color: '#DC2626', opacity: 0.12, bold: true } }
      : contract.status === 'draft'
        ? { watermark: { text: 'DRAFT', color: '#64748B', opacity: 0.08, bold: true } }
        : {}),
    content: [
      {
        columns: [
          {
            stack: [
              { text: firm.companyName, bold: true, fontSize: 13 },
              ...(firm.abn ? [{ text: `ABN ${formatAbn(firm.abn)}`, color: MUTED }] : []),
            ],
          },
          {
            width: 'auto',
            table: {
              widths: ['auto', 'auto'],
              body: details.map(([label, value]) => [
                { text: label, color: MUTED, alignment: 'right' },
                { text: value, bold: true },
              ]),
            },
            layout: 'noBorders',
          },
        ],
      },
      { text: contract.title, fontSize: 18, bold: true, margin: [0, 18, 0, 4] },
      { text: `Between ${firm.companyName} and ${parties.join(', ')}`, color: MUTED, margin: [0, 0, 0, 14] },
      ...htmlToPdfContent(contract.content),
    ],
  };
}
