import { mapLinesOutsideFences } from '../outside-fences.ts';

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
const knownImport = /^@theme\/(Tabs|TabItem|Details|Admonition)$/;
const comment = /\{\/\*[\s\S]*?\*\/\}/g;

// A component's JSX attribute (values={[...]}, groupId={"x"}) is not an HTML attribute, so the
// Markdown parser would read the whole tag as text; it is rewritten to a quoted one.
const jsxAttribute = /(\s[\w-]+)=\{((?:[^{}]|\{(?:[^{}]|\{[^{}]*\})*\})*)\}/g;
function quoteJsxAttributes(line: string): string {
  return line.replace(jsxAttribute, (_, name: string, expression: string) => {
    const inner = expression.trim();
    if (/^(["'`])[^"'`]*\1$/.test(inner)) return `${name}="${inner.slice(1, -1)}"`;
    return `${name}='${inner.replace(/'/g, '"')}'`;
  });
}

export function prepareMdxLines(markdown: string): { markdown: string; problems: LineProblem[] } {
  if (!/^(import|export)\s|\{\/\*|^\s*<[A-Z]\w*\s[^>\n]*=\{/m.test(markdown)) return { markdown, problems: [] };
  const problems: LineProblem[] = [];
  const lines = markdown.replace(comment, (text) => text.replace(/[^\n]/g, ' ')).split('\n');
  const result = mapLinesOutsideFences(lines, (line, index) => {
    const imported = importLine.exec(line);
    if (imported) {
      if (!knownImport.test(imported[1])) {
        problems.push({ line: index + 1, column: 1, fatal: true, message: `imports "${imported[1]}", which portal cannot render; only @theme/Tabs, @theme/TabItem, @theme/Details and @theme/Admonition are drawn. Write the content in Markdown instead` });
      }
      return '';
    }
    if (/^\s*<[A-Z]/.test(line)) return quoteJsxAttributes(line);
    if (exportLine.test(line)) {
      problems.push({ line: index + 1, column: 1, fatal: true, message: 'MDX exports are not supported; move the value into the page text or front matter' });
      return '';
    }
    return line;
  });
  return { markdown: result.join('\n'), problems };
}
