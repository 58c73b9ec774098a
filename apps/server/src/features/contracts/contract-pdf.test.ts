// The contract's cleaned HTML as PDF content: what each tag becomes, entities decoded, lists nested.
import { describe, expect, it } from 'vitest';
import { htmlToPdfContent } from './contract-pdf.ts';

describe('contract HTML to PDF content', () => {
  it('keeps paragraphs, headings, breaks and inline styles, with entities decoded', () => {
    const content = htmlToPdfContent(
      '<h2>Terms &amp; conditions</h2><p>Fee: <strong>AUD&nbsp;1,200</strong> <em>plus</em> <u>GST</u><br>due in 7 days</p>',
    );
    expect(content).toEqual([
      { text: [{ text: 'Terms & conditions' }], margin: [0, 8, 0, 6], fontSize: 15, bold: true },
      {
        text: [
          { text: 'Fee: ' },
          { text: 'AUD\u00a01,200', bold: true },
          { text: ' ' },
          { text: 'plus', italics: true },
          { text: ' ' },
          { text: 'GST', decoration: 'underline' },
          { text: '\n' },
          { text: 'due in 7 days' },
        ],
        margin: [0, 0, 0, 6],
      },
    ]);
  });

  it('nests lists, and closes what a cut left open', () => {
    const content = htmlToPdfContent(
      '<ol><li><p>One</p></li><li><p>Two</p><ul><li><p>Two a</p></li></ul></li></ol><ul><li>Cut',
    );
    expect(content).toEqual([
      {
        ol: [
          { text: [{ text: 'One' }], margin: [0, 0, 0, 6] },
          {
            stack: [
              { text: [{ text: 'Two' }], margin: [0, 0, 0, 6] },
              { ul: [{ text: [{ text: 'Two a' }], margin: [0, 0, 0, 6] }], margin: [0, 0, 0, 6] },
            ],
          },
        ],
        margin: [0, 0, 0, 6],
      },
      { ul: [{ text: [{ text: 'Cut' }], margin: [0, 0, 0, 6] }], margin: [0, 0, 0, 6] },
    ]);
  });

  it('reads markup as markup and text as text: an escaped tag stays words', () => {
    const content = htmlToPdfContent('<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>');
    expect(content).toEqual([{ text: [{ text: '<script>alert(1)</script>' }], margin: [0, 0, 0, 6] }]);
  });
});
