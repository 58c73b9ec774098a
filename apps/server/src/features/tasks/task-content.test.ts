// The rich-text cleaner on its own (spec 2 §5): what the allow-list keeps, what it removes, styles whose values
// could run or fetch anything, and the cut at 50,000 characters. The API test proves the same through storage.
import { describe, expect, it } from 'vitest';
import { TASK_CONTENT_MAX } from '@crm/domain';
import { cleanTaskContent } from './task-content.ts';

describe('task and note content', () => {
  it("keeps the spec's tags with class and a text style", () => {
    const html =
      '<h3>Title</h3><p class="lead"><b>b</b> <strong>s</strong> <i>i</i> <em>e</em> <u>u</u><br></p>' +
      '<ol><li>one</li></ol><ul><li>two</li></ul><div style="text-align:center"><span style="color:#c00">red</span></div>';
    expect(cleanTaskContent(html)).toBe(
      '<h3>Title</h3><p class="lead"><b>b</b> <strong>s</strong> <i>i</i> <em>e</em> <u>u</u><br /></p>' +
        '<ol><li>one</li></ol><ul><li>two</li></ul><div style="text-align:center"><span style="color:#c00">red</span></div>',
    );
  });

  it('keeps colours as an editor writes them', () => {
    for (const value of ['#1c7ed6', 'red', 'rgb(12, 34, 56)', 'rgba(12,34,56,0.5)', 'hsl(120deg 50% 40%)'])
      expect(cleanTaskContent(`<span style="color:${value}">x</span>`), value).toContain('style=');
  });

  it('drops style values that could run script or fetch anything', () => {
    const styles = [
      'color:expression(alert(1))',
      'background-color: expression(alert(1))',
      'color:&#101;xpression(alert(1))',
      'color: e\\78pression(alert(1))',
      'color: -moz-binding(url(x.xml#x))',
      'background-color: url(javascript:alert(1))',
      'background:url(https://evil.example/x.png)',
      'behavior:url(x.htc)',
      'color: rgb(1,2,3) url(x)',
    ];
    for (const style of styles) expect(cleanTaskContent(`<p style="${style}">ok</p>`), style).toBe('<p>ok</p>');
  });

  it('removes script, forms, frames, media, links and every event handler, keeping the text around them', () => {
    const cleaned = cleanTaskContent(
      '<p onclick="x()">a</p><script>alert(1)</script><iframe src="//e"></iframe><form><input><button>b</button>' +
        '</form><img src=x onerror=alert(1)><svg onload=alert(1)><script>2</script></svg>' +
        '<a href="jav&#x61;script:alert(1)">link</a><object data="x"></object><embed src="x">',
    );
    expect(cleaned).toBe('<p>a</p>blink');
  });

  it('cuts at 50,000 characters and leaves no tag half open', () => {
    const cleaned = cleanTaskContent(`<p><strong>${'a'.repeat(TASK_CONTENT_MAX)}</strong></p>`);
    expect(cleaned.length).toBeLessThanOrEqual(TASK_CONTENT_MAX);
    expect(cleaned.endsWith('</strong></p>')).toBe(true);
  });
});
