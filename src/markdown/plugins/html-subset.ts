import type { Element, Properties } from 'hast';
import { fromHtml } from 'hast-util-from-html';
import { defaultSchema, sanitize, type Schema } from 'hast-util-sanitize';
import { htmlTagNames } from 'html-tag-names';
import { htmlVoidElements } from 'html-void-elements';
import type { Html, Nodes, Parent, Root, RootContent } from 'mdast';
import { toString } from 'mdast-util-to-string';
import type { VFile } from 'vfile';
import { admonitionOf } from '../../shared/admonitions.ts';
import { literalOfExpression } from '../../util/literal-value.ts';
import { maxNesting } from '../nesting.ts';
import { removeUnsafeUrls } from '../url-attributes.ts';
import { decodeEntities, markdownOfHtmlText } from './html-text.ts';

export interface MediaHosts {
  /** Hosts external images may come from (they also go into the CSP's img-src). */
  imageHosts: string[];
  /** Hosts a `<video>` or `<iframe>` embed may come from (CSP media-src and frame-src). */
  videoHosts: string[];
}

// The HTML a writer may use in Markdown. Everything else is reported; nothing takes text with it.
const rendered = new Set([
  'details', 'summary', 'kbd', 'br', 'sub', 'sup', 'abbr', 'mark', 'video', 'source', 'iframe',
  'img', 'a', 'b', 'i', 'strong', 'em', 'code', 's', 'del', 'ins', 'u', 'small', 'span', 'p', 'div',
  'hr', 'ul', 'ol', 'li', 'dl', 'dt', 'dd', 'blockquote', 'pre', 'table', 'thead', 'tbody', 'tr', 'th', 'td', 'samp', 'var', 'q',
]);
// Elements that never close (<embed>, <wbr>, <track>…): a tag removes only itself.
const voidElements = new Set(htmlVoidElements);
// Elements whose text is code, kept exactly as written.
const literalElements = new Set(['pre', 'code', 'samp', 'kbd', 'var']);
// Elements that hold only inline content: Markdown blocks written inside them are kept inline.
const phrasingElements = new Set(['summary', 'kbd', 'sub', 'sup', 'abbr', 'mark', 'a', 'b', 'i', 'strong', 'em', 'code', 's', 'del', 'ins', 'u', 'small', 'span', 'p', 'dt', 'th', 'td', 'samp', 'var', 'q']);
// Code, not prose: removed with what they hold.
const removedWithContent = new Set(['script', 'style', 'template', 'noscript', 'object', 'embed', 'form', 'input', 'button', 'select', 'textarea']);
const knownHtml = new Set(htmlTagNames);
/** The Docusaurus theme components portal draws (`@theme/Tabs`, `@theme/TabItem`, `@theme/Details`). */
export const themeComponents = new Set(['Tabs', 'TabItem', 'Details', 'Admonition', 'ThemedImage', 'TOCInline', 'DocCardList']);

const schema: Schema = {
  ...defaultSchema,
  // Writers' own ids ("<a id="legacy-anchor">") stay linkable as written; the few the page shell
  // owns are renamed later (reserved-ids.ts).
  clobber: [],
  clobberPrefix: '',
  // URLs were judged before sanitising, by the site's one rule (removeUnsafeUrls), which
  // reports what it refuses; the sanitiser's own scheme list would drop tel: or an inline
  // image without a word.
  protocols: {},
  tagNames: [...(defaultSchema.tagNames ?? []), 'video', 'source', 'iframe', 'abbr', 'mark', 'u', 'small'],
  attributes: {
    ...defaultSchema.attributes,
    // A name on an image or a frame is also a property of `document`: <img name="getElementById">
    // would hide the function hydration calls. Only a link's name (an old-style anchor) stays.
    '*': (defaultSchema.attributes?.['*'] ?? []).filter((name) => name !== 'name'),
    a: [...(defaultSchema.attributes?.a ?? []), 'name'],
    abbr: ['title'],
    img: [...(defaultSchema.attributes?.img ?? []), 'alt', 'width', 'height'],
    video: ['src', 'controls', 'width', 'height', 'poster', 'muted', 'loop', 'playsInline', 'title'],
    source: ['src', 'type'],
    iframe: ['src', 'width', 'height', 'title', 'allow', 'allowFullScreen'],
  },
};

const token = /<!--[\s\S]*?(?:-->|$)|<\/?([A-Za-z][\w.:-]*)((?:\s+[^\s"'>/=]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|\{(?:[^{}]|\{(?:[^{}]|\{[^{}]*\})*\})*\}|[^\s"'=<>`]+))?)*)\s*(\/?)>/g;

/** A removed element whose content is being skipped, and how much of the page that has taken. */
interface Skipping {
  name: string;
  line: number;
  column: number;
  characters: number;
  lastLine: number;
}

interface Open {
  name: string;
  node: Parent & { type: string };
  line: number;
  column: number;
  /** The children list of the parent it was opened in. */
  into: RootContent[];
}

/**
 * Raw HTML in Markdown, as a writer coming from Docusaurus uses it: the safe subset becomes
 * elements (attributes sanitised by hast-util-sanitize), `<Tabs>`/`<TabItem>` become tab sets,
 * and anything else is reported at its line. An unknown tag such as `<your-api-key>` stays
 * visible text; a known tag outside the subset is dropped but the text it wraps stays.
 * Tags open in one HTML block and close in a later one, with Markdown between (as
 * `<details>` … `</details>` around paragraphs), so they are matched across siblings.
 */
export function remarkHtmlSubset(options: { media?: MediaHosts } = {}) {
  const media = options.media ?? { imageHosts: [], videoHosts: [] };
  return (tree: Root, file: VFile) => {
    const isMdx = /\.mdx$/i.test(file.path ?? '');
    const reportedComponents = new Set<string>();
    const report = (text: string, line: number, column: number, fatal = false, ruleId?: string) => {
      const message = file.message(text, { line, column });
      if (ruleId) message.ruleId = ruleId;
      if (fatal) message.fatal = true;
    };

    const restructure = (parent: Parent) => {
      for (const child of parent.children) if ('children' in child) restructure(child as Parent);
      if (!parent.children.some((child) => child.type === 'html')) return;
      const top: RootContent[] = [];
      const stack: Open[] = [];
      // Tags opened past the nesting limit: not nested (the page fails), their closing tags skipped.
      let tooDeep = 0;
      const current = () => (stack.length ? stack[stack.length - 1].node.children : top) as RootContent[];
      for (const child of parent.children) {
        if (child.type !== 'html') {
          if (!skipping) current().push(child);
          else skipped(toString(child), child.position?.end.line);
          continue;
        }
        forEachToken(child, (piece) => {
          if (piece.kind === 'text') {
            if (!piece.text.trim()) return;
            // Code is shown as written: its spaces and asterisks are the code's own. A node type
            // of its own reaches HTML as this very text (an mdast "text" loses each line's indent).
            if (stack.some((open) => literalElements.has(open.name.toLowerCase()))) {
              current().push({ type: 'literalText', value: decodeEntities(piece.text) } as never);
              return;
            }
            const open = stack[stack.length - 1];
            const inline = open !== undefined && phrasingElements.has(open.name.toLowerCase());
            current().push(...markdownOfHtmlText(piece.text, piece.line, piece.column, inline));
            return;
          }
          const { name, attributes, closing, selfClosing, raw, line, column } = piece;
          const lower = name.toLowerCase();
          const component = /^[A-Z]/.test(name);
          if (component && !themeComponents.has(name)) {
            current().push({ type: 'text', value: raw });
            // One message per component and page: the first place names it, the rest add nothing.
            if (closing || reportedComponents.has(name)) return;
            reportedComponents.add(name);
            const fix = 'portal renders only Tabs, TabItem, Details and Admonition from @theme; write the content in Markdown, or put the tag in `code`.';
            if (isMdx) report(`<${name}> is a component portal cannot render; ${fix}`, line, column, true);
            else report(`"${raw}" is not HTML portal renders (shown as text); ${fix}`, line, column, false, 'tag-shown-as-text');
            return;
          }
          if (!component && !rendered.has(lower)) {
            if (removedWithContent.has(lower)) {
              if (closing) return;
              if (voidElements.has(lower) || selfClosing) {
                report(`<${lower}> is removed: content pages run no scripts, plugins or forms`, line, column);
                return;
              }
              report(`<${lower}> is removed with its content: content pages run no scripts, styles or forms`, line, column);
              skipping = { name: lower, line, column, characters: 0, lastLine: line };
              return;
            }
            if (knownHtml.has(lower)) {
              if (!closing) report(`<${lower}> is not in the HTML subset; its text is kept without it. Use Markdown, or one of: ${[...rendered].slice(0, 11).join(', ')}`, line, column);
              return;
            }
            report(`"${raw}" is not HTML (shown as text); write it as \`${raw}\` or \\${raw} to say so`, line, column);
            current().push({ type: 'text', value: raw });
            return;
          }
          if (closing && tooDeep > 0) {
            tooDeep--;
            return;
          }
          if (closing) {
            const index = stack.map((open) => open.name).lastIndexOf(name);
            if (index < 0) {
              report(`"${raw}" closes nothing that is open; remove it`, line, column);
              return;
            }
            while (stack.length > index) close(stack.pop()!, stack.length > index);
            return;
          }
          if (!selfClosing && !voidElements.has(lower) && stack.length >= maxNesting) {
            if (tooDeep++ === 0) {
              report(`HTML nested deeper than ${maxNesting} levels: this <${name}> opens level ${stack.length + 1}`, line, column, true);
              file.messages[file.messages.length - 1].note = 'Close elements before opening others, or write the structure in Markdown (headings, lists, tables).';
            }
            return;
          }
          const node = component ? componentNode(name, attributes, line, column) : elementNode(lower, attributes, line, column);
          if (!node) return;
          if (selfClosing || voidElements.has(lower)) current().push(node as RootContent);
          else stack.push({ name, node, line, column, into: current() });
        });
      }
      while (stack.length) close(stack.pop()!, true);
      parent.children = top as never;
      // Like an unclosed <details>, a removed element ends where its parent ends.
      const unclosed = skipping as Skipping | undefined;
      if (unclosed) reportUnclosedRemoved(unclosed);
      skipping = undefined;

      function close(open: Open, unclosed: boolean) {
        if (unclosed) report(`<${open.name}> is never closed; it ends where its parent ends. Add </${open.name}>`, open.line, open.column);
        open.into.push(open.node as RootContent);
      }
    };

    let skipping: Skipping | undefined;
    if (hasHtml(tree)) restructure(tree);

    /** A removed element still open where its parent ends would take all that follows it: an error. */
    function reportUnclosedRemoved(open: Skipping) {
      const { name, line, column, characters, lastLine } = open;
      const lines = lastLine - line + 1;
      report(
        `<${name}> is never closed, so it would drop everything after it to the end of its block: ${lines} line${lines === 1 ? '' : 's'} with ${characters} character${characters === 1 ? '' : 's'} of text. Close it with </${name}> where it should end, or remove it`,
        line,
        column,
        true,
      );
    }

    /** Counts text removed with an element, for the message if it is never closed. */
    function skipped(text: string, endLine: number | undefined) {
      if (!skipping) return;
      skipping.characters += text.replace(/\s+/g, ' ').trim().length;
      if (endLine !== undefined) skipping.lastLine = Math.max(skipping.lastLine, endLine);
    }

    function forEachToken(
      node: Html,
      each: (piece: { kind: 'text'; text: string; line: number; column: number } | { kind: 'tag'; name: string; attributes: string; closing: boolean; selfClosing: boolean; raw: string; line: number; column: number }) => void,
    ) {
      const value = node.value;
      const startLine = node.position?.start.line ?? 1;
      const startColumn = node.position?.start.column ?? 1;
      let last = 0;
      const at = (offset: number) => {
        const before = value.slice(0, offset).split('\n');
        return { line: startLine + before.length - 1, column: before.length === 1 ? startColumn + offset : before[before.length - 1].length + 1 };
      };
      for (const match of value.matchAll(token)) {
        const text = value.slice(last, match.index);
        if (skipping) skipped(text, at(match.index).line);
        else if (text) each({ kind: 'text', text, ...at(last) });
        last = match.index + match[0].length;
        if (!match[1]) continue; // a comment: the writer's note, never shown
        const closing = match[0].startsWith('</');
        if (skipping) {
          if (closing && match[1].toLowerCase() === skipping.name) skipping = undefined;
          continue;
        }
        each({ kind: 'tag', name: match[1], attributes: match[2] ?? '', closing, selfClosing: match[3] === '/', raw: match[0], ...at(match.index) });
      }
      const rest = value.slice(last);
      if (skipping) skipped(rest, node.position?.end.line);
      else if (rest) each({ kind: 'text', text: rest, ...at(last) });
    }

    function elementNode(name: string, attributes: string, line: number, column: number) {
      if (/=\s*\{/.test(attributes)) {
        report(`<${name}> has a JavaScript expression as an attribute value; write a plain "value"`, line, column, isMdx);
        attributes = attributes.replace(/\s+[^\s=]+\s*=\s*\{[^}]*\}/g, '');
      }
      const properties = sanitizedProperties(name, attributes, (text, hint) => {
        const message = file.message(text, { line, column });
        message.fatal = true;
        message.note = hint;
      });
      const src = typeof properties.src === 'string' ? properties.src : undefined;
      if ((name === 'video' || name === 'iframe' || name === 'source') && src && !hostAllowed(src, media.videoHosts)) {
        report(`the embed from "${src}" is not from a host in media.videoHosts of portal.config.ts; it is shown as a link. Add the host there to embed it`, line, column);
        return { type: 'htmlSubset', data: { hName: 'a', hProperties: { href: src } }, children: [{ type: 'text', value: src }] } as Parent & { type: string };
      }
      // Its place in the file, for messages about it further on (an outside image without a size).
      const position = { start: { line, column }, end: { line, column } };
      return { type: 'htmlSubset', data: { hName: name, hProperties: properties }, children: [], position } as Parent & { type: string };
    }

    /**
     * `<ThemedImage sources={{ light, dark }} alt>`: both images, the one for the other colour
     * mode hidden by the site's CSS (`.themed-image`), so either mode shows its own.
     */
    function themedImage(values: Record<string, string>, line: number, column: number) {
      const sources = themedImageSources(values);
      const images = (['light', 'dark'] as const).flatMap((mode) => {
        const src = sources[mode];
        if (typeof src !== 'string') return [];
        const quoted = (text: string) => `"${text.replace(/&/g, '&amp;').replace(/"/g, '&quot;')}"`;
        const image = elementNode('img', ` src=${quoted(src)} alt=${quoted(values.alt ?? '')}${values.width ? ` width=${quoted(values.width)}` : ''}${values.height ? ` height=${quoted(values.height)}` : ''}`, line, column);
        (image.data as { hProperties: Properties }).hProperties.dataThemed = mode;
        return [image];
      });
      if (images.length < 2) report('<ThemedImage> needs sources={{ light: \'/img/a.png\', dark: \'/img/a-dark.png\' }} with two literal paths (useBaseUrl(\'/img/a.png\') is read too); the images it has are shown as they are', line, column);
      // The site's CSS shows the first (light) or the last (dark) child of a pair.
      return { type: 'htmlSubset', data: { hName: 'span', hProperties: images.length === 2 ? { className: ['themed-image'] } : {} }, children: images } as never;
    }

    function componentNode(name: string, attributes: string, line: number, column: number) {
      const values = attributeValues(attributes);
      if (name === 'Tabs') {
        const labels = tabLabels(values.values);
        return { type: 'tabSet', data: { hName: 'div', hProperties: { dataTabSet: '', dataTabGroup: values.groupId, dataTabDefaultValue: values.defaultValue, dataTabLabels: Object.keys(labels).length ? JSON.stringify(labels) : undefined } }, children: [] } as never;
      }
      if (name === 'Admonition') {
        const kind = admonitionOf(values.type);
        return { type: 'htmlSubset', data: { hName: 'aside', hProperties: { dataAdmonition: kind.style, dataTitle: values.title || (kind.label !== admonitionOf(kind.style).label ? kind.label : undefined) } }, children: [] } as never;
      }
      if (name === 'ThemedImage') return themedImage(values, line, column);
      // Filled with the cards of the page's sidebar category once the sidebars are built (site/doc-card-lists.ts).
      if (name === 'DocCardList') return { type: 'htmlSubset', data: { hName: 'div', hProperties: { dataDocCardList: '' } }, children: [] } as never;
      // Filled with the page's headings once they are known (toc.ts rehypeInlineToc).
      if (name === 'TOCInline') return { type: 'htmlSubset', data: { hName: 'div', hProperties: { dataTocInline: '', dataMin: values.minHeadingLevel, dataMax: values.maxHeadingLevel } }, children: [] } as never;
      if (name === 'TabItem') {
        if (!values.value) report('<TabItem> has no value="..."; give each tab a value (and a label)', line, column);
        return { type: 'tabItem', data: { hName: 'div', hProperties: { dataTabItem: '', dataTabValue: values.value, dataTabLabel: values.label ?? values.value, dataTabDefault: 'default' in values ? '' : undefined } }, children: [] } as never;
      }
      // <Details summary="...">: a details element with that summary.
      const children = values.summary ? [{ type: 'htmlSubset', data: { hName: 'summary' }, children: [{ type: 'text', value: values.summary }] }] : [];
      return { type: 'htmlSubset', data: { hName: 'details', hProperties: {} }, children } as never;
    }
  };
}

/**
 * The attributes of one tag, cleaned by hast-util-sanitize as the element they belong to; an
 * unsafe URL is removed and reported (`refuse`) first.
 */
function sanitizedProperties(name: string, attributes: string, refuse: (message: string, hint: string) => void): Properties {
  // Parsed on a neutral element: the HTML parser drops table cells outside a table.
  const parsed = fromHtml(`<x-tag${attributes}></x-tag>`, { fragment: true }).children[0] as Element | undefined;
  const element: Element = { type: 'element', tagName: name, properties: parsed?.properties ?? {}, children: [] };
  for (const { message, hint } of removeUnsafeUrls(name, element.properties)) refuse(message, hint);
  const clean = sanitize({ type: 'root', children: [element] }, schema);
  const result = clean.type === 'root' ? clean.children[0] : undefined;
  return result?.type === 'element' ? result.properties : {};
}

/**
 * Docusaurus 2 wrote labels on the set: values={[{label: 'Apple', value: 'apple'}]}, which
 * mdx-lines.ts has written as JSON (or, where it did not, as written); a value → label map.
 */
export function tabLabels(values: string | undefined): Record<string, string> {
  if (!values) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(values);
  } catch {
    // Written where mdx-lines.ts does not rewrite tags (not at a line's start): still JavaScript.
    try {
      parsed = literalOfExpression(values);
    } catch {
      return {};
    }
  }
  const labels: Record<string, string> = {};
  for (const entry of Array.isArray(parsed) ? parsed : []) {
    if (entry && typeof entry === 'object' && typeof entry.value === 'string') labels[entry.value] = typeof entry.label === 'string' ? entry.label : entry.value;
  }
  return labels;
}

/** A component tag's attributes as written (`{…}` values as their text). */
export function attributeValues(attributes: string): Record<string, string> {
  const values: Record<string, string> = {};
  for (const match of attributes.matchAll(/([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|\{["'`]?((?:[^{}]|\{(?:[^{}]|\{[^{}]*\})*\})*?)["'`]?\}|([^\s"'=<>`]+)))?/g)) {
    values[match[1]] = match[2] ?? match[3] ?? match[4] ?? match[5] ?? '';
  }
  return values;
}

/** `<ThemedImage sources={{ light, dark }}>`'s two paths, read as data (mdx-lines.ts resolved useBaseUrl and quoted the object). */
export function themedImageSources(values: Record<string, string>): { light?: unknown; dark?: unknown } {
  try {
    const sources: unknown = JSON.parse(values.sources ?? '{}');
    return sources && typeof sources === 'object' ? sources : {};
  } catch {
    return {};
  }
}

export function hostAllowed(src: string, hosts: string[]): boolean {
  if (!/^(https?:)?\/\//i.test(src)) return true;
  try {
    return hosts.includes(new URL(src, 'https://local.invalid').host);
  } catch {
    return false;
  }
}

/** True if a tree holds raw HTML (most pages do not, and skip the work). */
export function hasHtml(node: Nodes): boolean {
  return node.type === 'html' || ('children' in node && node.children.some((child) => hasHtml(child as Nodes)));
}
