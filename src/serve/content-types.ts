import { lookup } from 'mrmime';

// Types come from mrmime's table (the one sirv uses); text types get their charset, so a page or
// Markdown twin is never decoded as Latin-1.
const missing: Record<string, string> = { ico: 'image/x-icon' };
const textual = /^(text\/|application\/(json|xml|javascript|manifest\+json))|\+xml$/;

export function contentTypeOf(file: string): string {
  const extension = /\.([a-z0-9]+)$/i.exec(file)?.[1].toLowerCase() ?? '';
  const type = lookup(extension) ?? missing[extension];
  if (!type) return 'application/octet-stream';
  return textual.test(type) ? `${type}; charset=utf-8` : type;
}
