// What a reader's browser downloads on a first visit to a doc page: the module script and
// its static imports, and the stylesheets. Raw and gzip (what a CDN sends) sizes.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

export interface FirstLoad {
  page: string;
  js: { files: string[]; raw: number; gzip: number };
  css: { files: string[]; raw: number; gzip: number };
  html: { raw: number; gzip: number };
}

// Default level 6, as nginx and most CDNs compress on the fly.
const gzipSize = (bytes: Buffer) => zlib.gzipSync(bytes).length;

/** `htmlFile` is relative to `dist`; asset URLs are site-absolute (baseUrl "/"). */
export function firstLoad(dist: string, htmlFile: string): FirstLoad {
  const html = fs.readFileSync(path.join(dist, htmlFile));
  const text = html.toString('utf8');
  const attribute = (tag: string, name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];
  const tags = text.match(/<(script|link)\b[^>]*>/g) ?? [];
  const scripts = tags.filter((tag) => tag.startsWith('<script') && attribute(tag, 'src')).map((tag) => attribute(tag, 'src')!);
  const styles = tags.filter((tag) => tag.startsWith('<link') && /\bstylesheet\b/.test(attribute(tag, 'rel') ?? '')).map((tag) => attribute(tag, 'href')!);
  // Module preloads are downloaded on load as well.
  const preloads = tags.filter((tag) => tag.startsWith('<link') && attribute(tag, 'rel') === 'modulepreload').map((tag) => attribute(tag, 'href')!);

  // Follow static imports (`import{a}from"./chunk.js"`, `import"./x.js"`), never `import(...)`.
  const js = new Set<string>();
  const visit = (url: string) => {
    if (js.has(url) || /^https?:/.test(url)) return;
    js.add(url);
    const code = fs.readFileSync(path.join(dist, url.split(/[?#]/)[0]!)).toString('utf8');
    for (const match of code.matchAll(/(?:^|[;\s}])(?:import|export)\s*(?:[\w$*{][^'"]*?from\s*)?["']([^"']+\.m?js)["']/g)) {
      visit(path.posix.resolve(path.posix.dirname(url), match[1]!));
    }
  };
  for (const url of [...scripts, ...preloads]) visit(url);
  const sum = (urls: string[]) => {
    const buffers = urls.map((url) => fs.readFileSync(path.join(dist, url.split(/[?#]/)[0]!)));
    return { files: urls, raw: buffers.reduce((total, bytes) => total + bytes.length, 0), gzip: buffers.reduce((total, bytes) => total + gzipSize(bytes), 0) };
  };
  return { page: htmlFile, js: sum([...js]), css: sum(styles), html: { raw: html.length, gzip: gzipSize(html) } };
}

/** A doc page of a built site, preferring the given route. */
export function docPage(dist: string, preferred: string): string {
  const file = path.posix.join(preferred.replace(/^\//, ''), 'index.html');
  if (fs.existsSync(path.join(dist, file))) return file;
  if (fs.existsSync(path.join(dist, `${preferred.replace(/^\//, '')}.html`))) return `${preferred.replace(/^\//, '')}.html`;
  throw new Error(`no built page for ${preferred} in ${dist}`);
}
