// A contract as an A4 PDF (issue 16 item 1), through the one PDF engine. The content is rich text already
// cleaned to the task tags (task-content.ts: paragraphs, breaks, bold, italic, underline, strike, lists,
// headings, div and span, with only class and style attributes); htmlparser2 (sanitize-html's own parser)
// reads it, and a converter of exactly those tags makes the pdfmake nodes.
import { Parser } from 'htmlparser2';
import {
  type ContractRecord,
  type DateFormat,
  formatAbn,
  formatCalendarDate,
  type GeneralSettings,
  CONTRACT_STATUS_LABELS,
} from '@crm/domain';
import { type Margins, pageFooter, type PdfContent, type PdfDefinition, type PdfNode } from '../../pdf/pdf-renderer.ts';

const MUTED = '#64748B';
const HEADING_SIZES: Record<string, number> = { h1: 18, h2: 15, h3: 13, h4: 12, h5: 11, h6: 10 };

type Inline = { text: string; bold?: boolean; italics?: boolean; decoration?: 'underline' | 'lineThrough' };
type Style = Omit<Inline, 'text'>;
type Block = { kind: 'paragraph'; tag: string; runs: Inline[] } | { kind: 'list'; ordered: boolean; items: Block[][] };

const INLINE_STYLES: Record<string, Style> = {
  b: { bold: true },
  strong: { bold: true },
  i: { italics: true },
  em: { italics: true },
  u: { decoration: 'underline' },
  s: { decoration: 'lineThrough' },
  strike: { decoration: 'lineThrough' },
  span: {},
};

const sameStyle = (a: Style, b: Style) => a.bold === b.bold && a.italics === b.italics && a.decoration === b.decoration;

/**
 * The cleaned HTML as pdfmake content: paragraphs, headings and (nested) lists with inline styles. htmlparser2
 * reads the markup (entities decoded, tags closed where HTML closes them), so every opened tag is closed.
 */
export function htmlToPdfContent(html: string): PdfContent[] {
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
  const closeFrame = () => {
    const frame = frames.pop()!;
    if (frame.tag === 'li') top().items?.push(frame.blocks);
    else top().blocks.push({ kind: 'list', ordered: frame.tag === 'ol', items: frame.items ?? [] });
  };
  const parser = new Parser(
    {
      ontext(text) {
        if (text.trim() === '' && !paragraph) return;
        paragraph ??= { tag: 'p', runs: [] };
        const style = styles[styles.length - 1]!;
        // The parser hands text over in pieces (an entity is one): pieces of one style make one run.
        const last = paragraph.runs[paragraph.runs.length - 1];
        if (last && last.text !== '\n' && sameStyle(last, style)) last.text += text;
        else paragraph.runs.push({ text, ...style });
      },
      onopentag(tag) {
        const inline = INLINE_STYLES[tag];
        if (inline) styles.push({ ...styles[styles.length - 1], ...inline });
        else if (tag === 'br') {
          paragraph ??= { tag: 'p', runs: [] };
          paragraph.runs.push({ text: '\n' });
        } else if (tag === 'ul' || tag === 'ol' || tag === 'li') {
          flush();
          frames.push(tag === 'li' ? { tag, blocks: [] } : { tag, blocks: [], items: [], ordered: tag === 'ol' });
        } else {
          flush();
          paragraph = { tag, runs: [] };
        }
      },
      onclosetag(tag) {
        if (INLINE_STYLES[tag]) {
          if (styles.length > 1) styles.pop();
        } else if (tag === 'br') {
          // A line break has no content to close.
        } else {
          flush();
          if ((tag === 'ul' || tag === 'ol' || tag === 'li') && top().tag === tag && frames.length > 1) closeFrame();
        }
      },
    },
    { decodeEntities: true, lowerCaseTags: true },
  );
  parser.end(html);
  flush();
  // Unclosed lists and items (the cleaner closes tags, so only a cut can leave them) close at the end.
  while (frames.length > 1) closeFrame();
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
