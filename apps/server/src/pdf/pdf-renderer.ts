// The one PDF engine (pdfmake, ../shared/STACK.md): documents are built as pdfmake definitions by each
// feature (an invoice, a receipt; contracts later) and rendered here to A4 with embedded Roboto, whose
// glyphs cover A$, ₱, € and £ (Helvetica would print ₱ as '±'). Text stays selectable. pdfmake may fetch
// images by URL or read local files: here it may do neither beyond its own fonts, so nothing a user typed
// can make the server read a file or call out.
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);

/**
 * pdfmake's document definition, loosely: its own type package brings the DOM's types into the server's
 * compilation (and breaks fetch's), so only the shape the callers rely on is named here.
 */
export type PdfContent = string | PdfNode | PdfContent[];
export type PdfNode = { [key: string]: unknown };
export type PdfDefinition = PdfNode & { content: PdfContent };
type Margins = [number, number, number, number];
export type PdfFooter = (currentPage: number, pageCount: number) => PdfNode;
export type { Margins };

type PdfMake = {
  setUrlAccessPolicy: (policy: (url: string) => boolean) => void;
  setLocalAccessPolicy: (policy: (path: string) => boolean) => void;
  setFonts: (fonts: Record<string, Record<string, string>>) => void;
  createPdf: (definition: PdfDefinition) => { getBuffer: () => Promise<Buffer> };
};

let engine: PdfMake | null = null;

function pdfmake(): PdfMake {
  if (engine) return engine;
  const loaded = require('pdfmake') as PdfMake;
  const fontDir = join(dirname(require.resolve('pdfmake/package.json')), 'fonts', 'Roboto');
  loaded.setFonts({
    Roboto: {
      normal: join(fontDir, 'Roboto-Regular.ttf'),
      bold: join(fontDir, 'Roboto-Medium.ttf'),
      italics: join(fontDir, 'Roboto-Italic.ttf'),
      bolditalics: join(fontDir, 'Roboto-MediumItalic.ttf'),
    },
  });
  loaded.setUrlAccessPolicy(() => false);
  loaded.setLocalAccessPolicy((path) => path.startsWith(fontDir));
  engine = loaded;
  return engine;
}

/** Renders a definition to a PDF file's bytes (A4, Roboto, 'Page n of N' when the definition asks). */
export async function renderPdf(definition: PdfDefinition): Promise<Buffer> {
  return pdfmake()
    .createPdf({ pageSize: 'A4', defaultStyle: { font: 'Roboto', fontSize: 9.5 }, ...definition })
    .getBuffer();
}

/** The page footer every document carries. */
export const pageFooter: PdfFooter = (currentPage, pageCount) => ({
  text: `Page ${currentPage} of ${pageCount}`,
  alignment: 'right',
  fontSize: 8,
  color: '#64748B',
  margin: [40, 10, 40, 0],
});
