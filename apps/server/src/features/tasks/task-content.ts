// Rich text of tasks and notes, cleaned on every write (spec 2 §5; DECISIONS §1): only paragraphs, line
// breaks, bold, italic, underline, lists, headings, div and span, with class and style; everything else
// (scripts, forms, inputs, buttons, iframes, svg, links, event handlers) goes, and a style keeps only the
// text properties below with plain values (no url(), no expression()). Cut at 50,000 characters.
import sanitizeHtml from 'sanitize-html';
import { TASK_CONTENT_MAX, TASK_CONTENT_TAGS } from '@crm/domain';

// A colour as an editor writes it: a hex value, a keyword, or rgb / hsl with numbers. Nothing else with
// parentheses, so no url(), expression() or -moz-binding() reaches a style.
const colour = [
  /^#[0-9a-f]{3,8}$/i,
  /^[a-z]+$/i,
  /^(rgb|rgba|hsl|hsla)\(\s*[\d.]+(%|deg)?((\s*[,/]\s*|\s+)[\d.]+(%|deg)?){2,3}\s*\)$/i,
];

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...TASK_CONTENT_TAGS],
  allowedAttributes: { '*': ['class', 'style'] },
  allowedStyles: {
    '*': {
      color: colour,
      'background-color': colour,
      'text-align': [/^(left|right|center|justify)$/],
      'font-weight': [/^(normal|bold|[1-9]00)$/],
      'font-style': [/^(normal|italic)$/],
      'text-decoration': [/^(none|underline|line-through)$/],
    },
  },
  // Dropped elements whose text would make no sense left behind.
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'svg', 'math', 'object', 'embed'],
  allowedSchemes: [],
  disallowedTagsMode: 'discard',
};

/** The stored form of task or note content. */
export function cleanTaskContent(html: string): string {
  const clean = sanitizeHtml(html, OPTIONS);
  if (clean.length <= TASK_CONTENT_MAX) return clean;
  // Cut, then clean again so that a tag cut in half cannot survive as text that looks like markup; the
  // cleaning closes the tags left open, so cut again by what that added until it fits.
  let cut = TASK_CONTENT_MAX;
  let result = sanitizeHtml(clean.slice(0, cut), OPTIONS);
  while (result.length > TASK_CONTENT_MAX && cut > 0) {
    cut -= result.length - TASK_CONTENT_MAX;
    result = sanitizeHtml(clean.slice(0, cut), OPTIONS);
  }
  return result;
}
