import fs from 'node:fs';
import path from 'node:path';

/**
 * The site the MCP tools read: a built folder on this machine, or a published site over HTTPS.
 * Every tool reads through this one interface, so `portal mcp --dir` and `portal mcp --site`
 * answer from the same files the same way.
 */
export interface SiteSource {
  /** Where the files come from, for messages: a folder or an origin. */
  readonly label: string;
  /**
   * The bytes of a site path ("/routes.json"), or undefined when the site has no such file. Data
   * only: nothing read from a site is run (the search engine is portal's own, search-engine.ts).
   */
  read(sitePath: string): Promise<Uint8Array | undefined>;
}

export async function readText(source: SiteSource, sitePath: string): Promise<string | undefined> {
  const bytes = await source.read(sitePath);
  return bytes && Buffer.from(bytes).toString('utf8');
}

export async function readJson<T>(source: SiteSource, sitePath: string): Promise<T | undefined> {
  const text = await readText(source, sitePath);
  return text === undefined ? undefined : (JSON.parse(text) as T);
}

/** A built site folder (`dist/`): site paths are files under it, never outside it. */
export function folderSource(dist: string): SiteSource {
  const root = path.resolve(dist);
  const fileOf = (sitePath: string): string | undefined => {
    let decoded: string;
    try {
      decoded = decodeURIComponent(sitePath);
    } catch {
      return undefined;
    }
    const file = path.resolve(root, `.${decoded.startsWith('/') ? decoded : `/${decoded}`}`);
    if (!file.startsWith(root + path.sep)) return undefined;
    return fs.existsSync(file) && fs.statSync(file).isFile() ? file : undefined;
  };
  return {
    label: root,
    read: async (sitePath) => {
      const file = fileOf(sitePath);
      return file ? fs.readFileSync(file) : undefined;
    },
  };
}
