import { literalOfExpression, NotData } from '../../util/literal-value.ts';
import { mapLinesOutsideFences } from '../outside-fences.ts';
import { componentLine, joinComponentTags, type JoinedLine } from './jsx-tags.ts';

export interface LineProblem {
  line: number;
  column: number;
  message: string;
  fatal: boolean;
}

// Docusaurus reads .md and .mdx as MDX: "import Tabs from '@theme/Tabs';" lines at the top and
// "{/* comments */}". Portal draws the theme components it knows itself, so their imports are
// taken out (as blank lines, keeping line numbers); any other import or export names code portal
// cannot run, which is an error at its line rather than a paragraph of source text.
const importLine = /^import\s+(?:[\w{}\s,*]+\s+from\s+)?['"]([^'"]+)['"];?\s*$/;
const exportLine = /^export\s+(const|let|var|function|default|\{)/;
// A partial (an `_` file, content/partials.ts) is read with the page and spliced in where it is used.
const knownImport = /^@theme\/(Tabs|TabItem|Details|Admonition|ThemedImage|TOCInline|CodeBlock|DocCardList)$|^@docusaurus\/useBaseUrl$|^(\.{1,2}|@site)\/(.*\/)?_[^/]*(\/.*)?\.mdx?$/;
const comment = /\{\/\*[\s\S]*?\*\/\}/g;

const drawnImports = '@theme/Tabs, TabItem, Details, Admonition, ThemedImage, TOCInline, CodeBlock and DocCardList, @docusaurus/useBaseUrl, and partials (`_` files)';

/**
 * A component's JSX attributes (`values={[...]}`, `groupId={"x"}`, `lazy={true}`) are not HTML
 * attributes, so the Markdown parser would read the whole tag as text: each is read as data
 * (literal-value.ts) and written as a quoted one, an object or array as JSON. One portal cannot
 * read without running code is left out, with a warning naming the prop: it never reaches the
 * tag parser, where an unbalanced `{…}` could take the next tag with it.
 */
function quoteJsxAttributes(joined: JoinedLine, problems: LineProblem[]): string {
  const line = joined.text;
  let result = '';
  let last = 0;
  for (const attribute of jsxAttributes(line)) {
    result += line.slice(last, attribute.start);
    last = attribute.end;
    // <TOCInline toc={toc} />: the page's own headings, which portal knows without the prop.
    if (attribute.tag === '<TOCInline>' && attribute.name === 'toc') continue;
    if (attribute.name === undefined) {
      problems.push({ ...joined.at(attribute.start), fatal: false, message: `${attribute.tag}: the spread props "{${attribute.expression}}" cannot be read without running code and are ignored; write each prop with a literal value` });
      continue;
    }
    try {
      result += ` ${quotedAttribute(attribute.name, literalOfExpression(withBaseUrl(attribute.expression)))}`;
    } catch (error) {
      if (!(error instanceof NotData)) throw error;
      problems.push({ ...joined.at(attribute.start + 1), fatal: false, message: `${attribute.tag}: the prop "${attribute.name}" is ${error.construct}, which portal cannot evaluate; it is ignored. Give it a literal value (a string, number, boolean, array or object), or remove it` });
    }
  }
  return result + line.slice(last);
}

/**
 * `useBaseUrl('/img/a.png')` (from `@docusaurus/useBaseUrl`) with a literal path is that path:
 * the site is served from its root, so the base URL is "/".
 */
function withBaseUrl(expression: string): string {
  return expression.replace(/\buseBaseUrl\(\s*(['"`])([^'"`$]*)\1\s*\)/g, (_, quote: string, url: string) => `${quote}${url}${quote}`);
}

function quotedAttribute(name: string, value: unknown): string {
  if (value === true) return name;
  if (value === false || value === null) return '';
  const text = typeof value === 'string' ? value : typeof value === 'number' ? String(value) : JSON.stringify(value).replace(/'/g, '\\u0027');
  if (!text.includes('"')) return `${name}="${text}"`;
  if (!text.includes("'")) return `${name}='${text}'`;
  return `${name}="${text.replace(/"/g, '&quot;')}"`;
}

interface JsxAttribute {
  /** The attribute's name; undefined for a spread (`{...props}`). */
  name?: string;
  expression: string;
  /** Offsets of ` name={…}` in the line, its leading space included. */
  start: number;
  end: number;
  /** The tag it belongs to, as `<TabItem>`, for messages. */
  tag: string;
}

/** The `name={…}` and `{...spread}` attributes of the component tags in one line. */
function jsxAttributes(line: string): JsxAttribute[] {
  const found: JsxAttribute[] = [];
  for (const tag of line.matchAll(/<([A-Z][\w.]*)/g)) {
    let index = tag.index + tag[0].length;
    while (index < line.length) {
      const rest = line.slice(index);
      const plain = /^\s+[\w:.-]+(?![\w:.-]|\s*=\s*\{)(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>`{]+))?/.exec(rest);
      if (plain) {
        index += plain[0].length;
        continue;
      }
      const braced = /^(\s+)(?:([\w:.-]+)\s*=\s*)?\{/.exec(rest);
      if (!braced) break;
      const open = index + braced[0].length - 1;
      const close = matchingBrace(line, open);
      if (close < 0) break;
      const expression = line.slice(open + 1, close).trim();
      const spread = braced[2] === undefined;
      if (spread && !expression.startsWith('...')) break;
      found.push({ name: braced[2], expression, start: index, end: close + 1, tag: `<${tag[1]}>` });
      index = close + 1;
    }
  }
  return found;
}

/** The offset of the `}` closing the `{` at `open`, skipping strings; -1 if it does not close. */
export function matchingBrace(text: string, open: number): number {
  let depth = 0;
  for (let index = open; index < text.length; index++) {
    const char = text[index];
    if (char === '"' || char === "'" || char === '`') {
      const end = text.indexOf(char, index + 1);
      if (end < 0) return -1;
      index = end;
    } else if (char === '{') depth++;
    else if (char === '}' && --depth === 0) return index;
  }
  return -1;
}

/** `isMdx`: an import portal cannot draw fails an `.mdx` page; in `.md` it is a warning. */
/**
 * `<CodeBlock language title showLineNumbers>` (from `@theme/CodeBlock`) becomes a fenced code
 * block: the code is what stands between its tags, out of a `{`…`}` template string if it is
 * written in one, whether the tags are on lines of their own, share a line with the code, or
 * the whole block is one line. The fences take the tags' lines, and blank lines beside them when
 * the code has those lines too, so every line after the block keeps its number.
 */
function codeBlocksAsFences(lines: JoinedLine[], problems: LineProblem[]): void {
  for (let index = 0; index < lines.length; index++) {
    const opener = /^(\s*)<CodeBlock\b([^>]*)>(.*)$/.exec(lines[index].text);
    if (!opener) continue;
    const end = lines.findIndex((line, at) => at >= index && line.text.includes('</CodeBlock>', at === index ? opener[0].length - opener[3].length : 0));
    if (end < 0) {
      problems.push({ ...lines[index].at(opener[1].length), fatal: false, message: '<CodeBlock> is not closed by a </CodeBlock>; it is shown as text. Write the code as a fenced block (```lang title="…") instead' });
      continue;
    }
    // An opening tag written across lines was joined into its first (jsx-tags.ts); its other lines are placeholders.
    let first = index + 1;
    while (first < end && lines[first].text.trim() === '<!---->') first++;
    const inside = end === index ? [opener[3].slice(0, opener[3].indexOf('</CodeBlock>'))] : [opener[3], ...lines.slice(first, end).map((line) => line.text), lines[end].text.slice(0, lines[end].text.indexOf('</CodeBlock>'))];
    let text = inside.join('\n');
    const template = /^\s*\{`/.test(text) && /`\}\s*$/.test(text);
    if (template) text = text.replace(/^\s*\{`/, '').replace(/`\}\s*$/, '').replace(/\\`/g, '`').replace(/\\\$\{/g, '${');
    // A tag on a line of its own leaves an empty first or last line, which is not code.
    let code = text.split('\n');
    if (code.length > 1 && !code[0].trim()) code = code.slice(1);
    if (code.length > 1 && !code[code.length - 1].trim()) code = code.slice(0, -1);
    let start = index;
    let stop = Math.max(end, first - 1);
    const needed = code.length + 2;
    while (stop - start + 1 < needed) {
      if (stop + 1 === lines.length) lines.push({ text: '', at: lines[stop].at });
      if (!lines[stop + 1].text.trim()) stop++;
      else if (start > 0 && !lines[start - 1].text.trim()) start--;
      else break;
    }
    if (stop - start + 1 < needed) {
      problems.push({ ...lines[index].at(opener[1].length), fatal: false, message: '<CodeBlock> shares its lines with the text around it; it is shown as text. Leave a blank line before and after it, or write the code as a fenced block (```lang title="…")' });
      index = end;
      continue;
    }
    const quoted = quoteJsxAttributes({ text: `<CodeBlock${opener[2]}>`, at: (offset) => lines[index].at(offset + opener[1].length) }, problems);
    const props: Record<string, string> = {};
    for (const match of quoted.matchAll(/\s([\w-]+)(?:="([^"]*)"|='([^']*)')?/g)) props[match[1]] = match[2] ?? match[3] ?? '';
    const fence = '`'.repeat(Math.max(3, ...code.map((line) => (/^\s*(`{3,})/.exec(line)?.[1].length ?? 0) + 1)));
    const meta = [props.language ?? '', props.title !== undefined ? `title="${props.title}"` : '', 'showLineNumbers' in props ? `showLineNumbers${props.showLineNumbers && props.showLineNumbers !== 'showLineNumbers' ? `=${props.showLineNumbers}` : ''}` : ''].filter(Boolean).join(' ');
    // The code's own lines sit last, next to the closing tag, as they did in the source.
    const block = [`${opener[1]}${fence}${meta}`, ...code, `${opener[1]}${fence}`];
    const texts = [...new Array<string>(stop - start + 1 - block.length).fill(''), ...block];
    texts.forEach((text, at) => (lines[start + at] = { ...lines[start + at], text }));
    index = stop;
  }
}

export function prepareMdxLines(markdown: string, isMdx = true): { markdown: string; problems: LineProblem[] } {
  if (!/^(import|export)\s|\{\/\*|<CodeBlock\b|^\s*(?:(?:[-*+]|\d+[.)]|>)\s+)*<[A-Z][\w.]*(\s[^>\n]*=\{|\s*$|\s[^>\n]*$|\s+\{)/m.test(markdown)) return { markdown, problems: [] };
  const problems: LineProblem[] = [];
  const joined = joinComponentTags(markdown.replace(comment, (text) => text.replace(/[^\n]/g, ' ')).split('\n'));
  codeBlocksAsFences(joined, problems);
  const result = mapLinesOutsideFences(
    joined.map((line) => line.text),
    (line, index) => {
      const imported = importLine.exec(line);
      if (imported) {
        if (!knownImport.test(imported[1])) {
          problems.push({ line: index + 1, column: 1, fatal: isMdx, message: `imports "${imported[1]}", which portal cannot render; it draws only ${drawnImports}. Write the content in Markdown instead` });
        }
        return '';
      }
      if (componentLine.test(line)) return quoteJsxAttributes(joined[index], problems);
      if (exportLine.test(line)) {
        problems.push({ line: index + 1, column: 1, fatal: true, message: 'MDX exports are not supported; move the value into the page text or front matter' });
        return '';
      }
      return line;
    },
  );
  return { markdown: result.join('\n'), problems };
}
