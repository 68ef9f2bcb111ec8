import { Parser } from 'htmlparser2';

/**
 * How far a twin's text is from its page's: the words the page's article shows that the twin
 * does not hold (counted with repeats, so a dropped paragraph counts even when its words appear
 * elsewhere), out of all the article's words.
 */
export interface TwinDivergence {
  missing: number;
  total: number;
  /** A few of the missing words, most frequent first, for the report. */
  sample: string[];
}

/** A twin diverges when more than this share of its page's words is missing from it… */
export const divergenceShare = 0.1;
/** …and at least this many words are (a short page's few labels are no divergence). */
export const divergenceMinWords = 25;

// What twins leave out by design: controls (copy buttons, heading "#" links), what is hidden or
// only for screen readers, navigation, and drawings (a twin links an SVG, it does not spell it).
const leftOut = new Set(['button', 'script', 'style', 'template', 'nav', 'svg', 'select', 'input', 'textarea']);
const leftOutClasses = ['hash-link', 'visually-hidden'];

const urls = /\bhttps?:\/\/[^\s)>\]"']+/g;
const words = (text: string) => text.replace(urls, ' ').toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];

function counts(list: string[]): Map<string, number> {
  const map = new Map<string, number>();
  for (const word of list) map.set(word, (map.get(word) ?? 0) + 1);
  return map;
}

/**
 * The article's text as a reader sees it, without what twins leave out by design. A streaming
 * tokenizer, not a tree: this runs for every page of every build, and building a tree of the
 * article took most of its time.
 */
function articleText(html: string): string {
  const texts: string[] = [];
  // Per open element: whether it, or an element around it, is left out.
  const omitted: boolean[] = [];
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        const classes = (attributes.class ?? '').split(/\s+/);
        omitted.push(
          omitted.at(-1) === true ||
            leftOut.has(name) ||
            'hidden' in attributes ||
            'data-markdown-ignore' in attributes ||
            attributes['aria-hidden'] === 'true' ||
            classes.some((name) => leftOutClasses.includes(name)),
        );
        // Block elements put no space between their texts ("Propertiesname"): every tag separates.
        texts.push(' ');
      },
      onclosetag() {
        omitted.pop();
        texts.push(' ');
      },
      ontext(text) {
        if (omitted.at(-1) !== true) texts.push(text);
      },
    },
    { decodeEntities: true },
  );
  parser.end(html);
  return texts.join('');
}

/** The twin's words: its text without link targets and Markdown punctuation. */
function twinText(markdown: string): string {
  return markdown.replace(/\]\([^)]*\)/g, '] ').replace(/<https?:\/\/[^>]+>/g, ' ');
}

/** Compares a page's article HTML with its (whole, unsplit) twin. */
export function twinDivergence(articleHtml: string, twinMarkdown: string): TwinDivergence {
  const page = counts(words(articleText(articleHtml)));
  const twin = counts(words(twinText(twinMarkdown)));
  let missing = 0;
  let total = 0;
  const gaps: [string, number][] = [];
  for (const [word, count] of page) {
    total += count;
    const gap = count - (twin.get(word) ?? 0);
    if (gap > 0) {
      missing += gap;
      gaps.push([word, gap]);
    }
  }
  gaps.sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  return { missing, total, sample: gaps.slice(0, 8).map(([word]) => word) };
}

/** Whether the twin leaves out more of its page than its design explains. */
export const diverges = (divergence: TwinDivergence) => divergence.missing >= divergenceMinWords && divergence.missing > divergence.total * divergenceShare;
