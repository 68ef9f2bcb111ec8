import type { Element, ElementContent } from 'hast';
import { toString } from 'hast-util-to-string';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { parseSvg } from './svg.ts';

type MermaidRenderer = typeof import('beautiful-mermaid');
let renderer: MermaidRenderer | undefined;

/**
 * beautiful-mermaid, loaded on the first diagram: with its layout engine it takes about a second
 * to load, which a site without diagrams, and every doc worker, should not pay. Its package
 * exports only an ES module, required here by its file (Node 20.19 requires ES modules).
 */
function mermaidRenderer(): MermaidRenderer {
  return (renderer ??= createRequire(import.meta.url)(fileURLToPath(import.meta.resolve('beautiful-mermaid'))) as MermaidRenderer);
}

/** A diagram drawn as a sanitised, labelled SVG, or why it was not (what is unsupported, and the fix). */
export type DrawnMermaid = { svg: Element } | { problem: string; hint: string };

// The diagram kinds beautiful-mermaid draws faithfully, by their header line, with the name a
// reader hears. Its xychart needs its own stylesheet (dropped by the sanitiser), so it is not here.
const kinds: [RegExp, string][] = [
  [/^(?:graph|flowchart)\s+(?:TD|TB|LR|BT|RL)$/i, 'Flowchart'],
  [/^stateDiagram(?:-v2)?$/i, 'State diagram'],
  [/^sequenceDiagram$/i, 'Sequence diagram'],
  [/^classDiagram$/i, 'Class diagram'],
  [/^erDiagram$/i, 'Entity relationship diagram'],
];

// The renderer's version is in every doc's cache key through package-lock.json (generatorFingerprint).
const drawAsFile = 'or draw it as an SVG file next to the page and show it as an image (![what it shows](./diagram.svg)), which follows the colour mode';

/**
 * Draws one ```mermaid block at build time. The SVG is cleaned by the one SVG sanitiser (no
 * script, event handler, foreignObject, style or outside link survives), its ids are prefixed
 * with `idPrefix` so several diagrams share a page, and it is labelled for screen readers by its
 * title (front matter `title:` or `accTitle:`) or its kind, and described by its own words.
 */
export function drawMermaid(source: string, idPrefix: string): DrawnMermaid {
  const read = readAccessibleText(source);
  const { title, description } = read;
  // Mermaid's flowchart runs top-down unless told otherwise, and a header may end in ";": the renderer takes neither.
  const sourceLines = read.body.split('\n');
  const at = sourceLines.findIndex((line) => line.trim() && !line.trim().startsWith('%%'));
  if (at >= 0) sourceLines[at] = sourceLines[at].replace(/^(\s*\w[\w-]*(?:\s+\w+)?)\s*;\s*$/, '$1').replace(/^(\s*(?:graph|flowchart))\s*$/i, '$1 TD');
  const body = sourceLines.join('\n');
  const lines = body.split('\n').map((line) => line.trim()).filter((line) => line && !line.startsWith('%%'));
  const header = lines[0] ?? '';
  if (/;/.test(header)) return { problem: `a mermaid diagram whose header line "${header}" carries statements after ";" is not drawn`, hint: `put the header (${header.split(';')[0].trim()}) on a line of its own and each statement on the lines after it, ${drawAsFile}` };
  const direction = /^(?:graph|flowchart)\s+(\S+)$/i.exec(header)?.[1];
  if (direction && !/^(?:TD|TB|LR|BT|RL)$/i.test(direction)) return { problem: `a mermaid flowchart's direction "${direction}" is not one of TD, TB, LR, BT, RL`, hint: 'write the header as "flowchart LR" (left to right) or "flowchart TD" (top down)' };
  const kind = kinds.find(([pattern]) => pattern.test(header))?.[1];
  if (!kind) return { problem: `a mermaid "${header.split(/\s/)[0]}" diagram is not drawn (portal draws flowcharts, sequence, class, state and entity relationship diagrams); it is shown as its code`, hint: `rewrite it as one of those, ${drawAsFile}` };
  const click = lines.find((line) => /^click\s/.test(line));
  if (click) return { problem: `a mermaid diagram with an interaction ("${click}") is not drawn: a static page cannot run it`, hint: 'remove the click line and link to the page from the text around the diagram' };
  let markup: string;
  try {
    // The colours are the site's CSS variables (site.css, svg.mermaid), so the diagram follows the colour mode.
    markup = mermaidRenderer().renderMermaidSVG(body, { transparent: true });
  } catch (error) {
    return { problem: `a mermaid diagram could not be drawn: ${(error as Error).message}`, hint: `correct the diagram, ${drawAsFile}` };
  }
  const svg = parseSvg(markup);
  if (!svg) return { problem: 'a mermaid diagram could not be drawn: the renderer returned no SVG', hint: drawAsFile };
  // beautiful-mermaid reads "A-->B" as a node named "A--": say so rather than draw a wrong diagram.
  const swallowed = findAll(svg, (node) => typeof node.properties.dataId === 'string' && /[-=.]$/.test(node.properties.dataId))[0];
  if (swallowed) return { problem: `a mermaid arrow written without spaces is read as part of the node "${String(swallowed.properties.dataId)}"`, hint: 'write spaces around each arrow (A --> B)' };
  tidy(svg, idPrefix);
  const words = description ?? [...new Set(findAll(svg, (node) => node.tagName === 'text').map((node) => toString(node).trim()).filter(Boolean))].join(', ');
  const label = (text: string, tagName: 'title' | 'desc'): Element => ({ type: 'element', tagName, properties: { id: `${idPrefix}-${tagName}` }, children: [{ type: 'text', value: text }] });
  svg.properties = { ...svg.properties, className: ['mermaid'], role: 'img', ariaLabelledBy: [`${idPrefix}-title`], ariaDescribedBy: words ? [`${idPrefix}-desc`] : undefined };
  svg.children = [label(title ?? kind, 'title'), ...(words ? [label(words, 'desc')] : []), ...svg.children];
  return { svg };
}

/** Takes the title out of the front matter and accTitle/accDescr lines, which the renderer would draw as nodes. */
function readAccessibleText(source: string): { title?: string; description?: string; body: string } {
  let body = source.replace(/^\s+/, '');
  let title: string | undefined;
  let description: string | undefined;
  const frontMatter = /^---\n([\s\S]*?)\n---\n/.exec(body);
  if (frontMatter) {
    title = /^title:\s*(.+)$/m.exec(frontMatter[1])?.[1].trim().replace(/^(["'])(.*)\1$/, '$2');
    body = body.slice(frontMatter[0].length);
  }
  body = body.replace(/^\s*accTitle\s*:\s*(.*)$/m, (_line, text: string) => ((title ??= text.trim()), ''));
  body = body.replace(/^\s*accDescr\s*:\s*(.*)$/m, (_line, text: string) => ((description = text.trim()), ''));
  body = body.replace(/^\s*accDescr\s*\{([\s\S]*?)\}\s*$/m, (_block, text: string) => ((description = text.trim().replace(/\s+/g, ' ')), ''));
  return { title, description, body };
}

/**
 * Prefixes every id and its references, so two diagrams on a page keep theirs apart; drops the
 * renderer's data-* attributes (they repeat the labels) and the layout's whitespace between elements.
 */
function tidy(svg: Element, prefix: string): void {
  const renamed = (value: string) => value.replace(/url\(#([^)]+)\)/g, (_match, id: string) => `url(#${prefix}-${id})`);
  for (const node of findAll(svg, () => true)) {
    if (node.tagName !== 'text' && node.tagName !== 'tspan') node.children = node.children.filter((child) => child.type !== 'text' || child.value.trim() !== '');
    for (const [name, value] of Object.entries(node.properties)) {
      if (/^data[A-Z]/.test(name)) delete node.properties[name];
      else if (name === 'id' && typeof value === 'string') node.properties.id = `${prefix}-${value}`;
      else if ((name === 'href' || name === 'xLinkHref') && typeof value === 'string') node.properties[name] = `#${prefix}-${value.slice(1)}`;
      else if (typeof value === 'string' && value.includes('url(#')) node.properties[name] = renamed(value);
    }
  }
}

function findAll(node: Element, test: (node: Element) => boolean): Element[] {
  const found = test(node) ? [node] : [];
  for (const child of node.children as ElementContent[]) if (child.type === 'element') found.push(...findAll(child, test));
  return found;
}
