import { SaxesParser } from 'saxes';
import type { ContentBlock } from '../helpers/content-blocks.ts';
import { at } from '../helpers/verified-blocks.ts';

// Well-formedness with saxes, a strict XML 1.0 parser with namespace checks. A block that does
// not start with an XML declaration is a snippet of a larger file (a layout, a manifest entry),
// so it is parsed inside a wrapper element that declares the namespaces Android files declare on
// their root (android, app, tools). The wrapper opens on the block's first line, so line numbers
// stay the block's own.

const androidNamespaces = {
  android: 'http://schemas.android.com/apk/res/android',
  app: 'http://schemas.android.com/apk/res-auto',
  tools: 'http://schemas.android.com/tools',
};
const wrapperOpen = `<snippet ${Object.entries(androidNamespaces).map(([prefix, uri]) => `xmlns:${prefix}="${uri}"`).join(' ')}>`;

export function checkXmlBlock(block: ContentBlock, version: '1.0' | '1.1'): string[] {
  const document = block.code.trimStart().startsWith('<?xml');
  const problems: string[] = [];
  const parser = new SaxesParser({ xmlns: true, position: true, defaultXMLVersion: version, forceXMLVersion: true });
  parser.on('error', (error) => {
    const match = /^(?:[^:]*:)?(\d+):(\d+): (.*)$/s.exec(error.message);
    const line = match ? Number(match[1]) : 1;
    const column = match ? Number(match[2]) - (document || line > 1 ? 0 : wrapperOpen.length) : 1;
    problems.push(`${at(block, line, Math.max(column, 1))}: not well-formed XML: ${match ? match[3] : error.message}\n  Fix the markup, or mark a deliberate partial with fragment="why"`);
  });
  parser.write(document ? block.code : `${wrapperOpen}${block.code}</snippet>`).close();
  return problems;
}
