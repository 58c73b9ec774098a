// The document view's reading of a document's text: headings, lists, tables and paragraphs; anything
// else, HTML included, stays text.
import { describe, expect, it } from 'vitest';
import { parseContent } from './document-content.tsx';

describe('parseContent', () => {
  it('reads headings, lists, tables and paragraphs, and leaves markup as text', () => {
    const blocks = parseContent(
      '# Title\n\nFirst line\nsecond line\n\n- one\n- two\n\n1. first\n2. second\n\n| A | B |\n| --- | --- |\n| 1 | 2 |\n\n<img src=x onerror=alert(1)>',
    );
    expect(blocks).toEqual([
      { kind: 'heading', level: 2, text: 'Title' },
      { kind: 'paragraph', text: 'First line\nsecond line' },
      { kind: 'list', ordered: false, items: ['one', 'two'] },
      { kind: 'list', ordered: true, items: ['first', 'second'] },
      { kind: 'table', head: ['A', 'B'], rows: [['1', '2']] },
      { kind: 'paragraph', text: '<img src=x onerror=alert(1)>' },
    ]);
  });
});
