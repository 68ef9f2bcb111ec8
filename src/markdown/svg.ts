import type { Element, ElementContent, Root } from 'hast';
import { fromHtml } from 'hast-util-from-html';

// Diagrams are inlined so they can follow the colour mode; only drawing elements and
// attributes survive, so an SVG file can never bring script or external content in.
const allowedElements = new Set([
  'svg', 'g', 'defs', 'title', 'desc', 'path', 'rect', 'circle', 'ellipse', 'line', 'polyline',
  'polygon', 'text', 'tspan', 'marker', 'use', 'symbol', 'lineargradient', 'linearGradient', 'stop', 'clippath', 'clipPath',
]);
const blockedProperty = /^(on|href$|xLinkHref$|style$)/i;

export function parseSvg(markup: string): Element | undefined {
  const root: Root = fromHtml(markup, { fragment: true, space: 'svg' });
  const svg = root.children.find((node): node is Element => node.type === 'element' && node.tagName === 'svg');
  return svg ? (clean(svg) as Element) : undefined;
}

function clean(node: ElementContent): ElementContent | undefined {
  if (node.type === 'text') return node;
  if (node.type !== 'element' || !allowedElements.has(node.tagName)) return undefined;
  const properties = Object.fromEntries(
    Object.entries(node.properties).filter(([name, value]) => {
      if (name === 'href' || name === 'xLinkHref') return typeof value === 'string' && value.startsWith('#');
      return !blockedProperty.test(name);
    }),
  );
  const children = node.children.map(clean).filter((child): child is ElementContent => child !== undefined);
  return { ...node, properties, children };
}
