import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PortalError } from '../errors.ts';
import { UsageError } from '../output/output-folder.ts';
import { writeFileAtomically } from '../util/write-atomically.ts';
import { readBounded } from './read-bounded.ts';
import { siteFileLimit } from './site-file-limits.ts';
import type { SiteSource } from './site-source.ts';

/** At most this many bytes of one site are kept on disk; the least recently used files go first. */
export const maxCacheBytes = 256 * 1024 * 1024;

const loopbackHosts = new Set(['127.0.0.1', 'localhost', '[::1]']);

/**
 * The published site a `--site` value names, as an origin plus base path without the trailing
 * slash ("https://developer.pexip.com"). HTTPS only: the answers go into an assistant's context,
 * so they must come from the site itself; plain HTTP is accepted on loopback alone (a local
 * `portal serve`).
 */
export function parseSiteUrl(value: string): URL {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new UsageError({ severity: 'error', message: `--site "${value}" is not a URL`, hint: 'Pass the published site, e.g. --site https://developer.pexip.com' });
  }
  const loopback = loopbackHosts.has(url.hostname);
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && loopback)) {
    throw new UsageError({ severity: 'error', message: `--site "${value}" must use https:// (plain http:// only for a server on this machine: 127.0.0.1, localhost or [::1])`, hint: `Pass --site https://${url.host}${url.pathname === '/' ? '' : url.pathname}` });
  }
  url.pathname = url.pathname.replace(/\/+$/, '');
  url.search = '';
  url.hash = '';
  return url;
}

/**
 * The folder this user's caches go in: $XDG_CACHE_HOME, else the platform's usual place. The XDG
 * spec holds a relative value invalid, to be ignored, so it is (a cache under the current folder
 * would move with it).
 */
export function userCacheDir(): string {
  const xdg = process.env.XDG_CACHE_HOME;
  if (xdg && path.isAbsolute(xdg)) return xdg;
  if (process.platform === 'darwin') return path.join(os.homedir(), 'Library', 'Caches');
  if (process.platform === 'win32' && process.env.LOCALAPPDATA) return process.env.LOCALAPPDATA;
  return path.join(os.homedir(), '.cache');
}

/** What is kept beside a cached file: its ETag, and the size and hash of the body it names. */
interface Meta {
  etag: string;
  size: number;
  sha256: string;
}

/** A cached copy whose body is the one its ETag was sent with; anything else on disk is a miss. */
interface CachedCopy {
  etag: string;
  bytes: Uint8Array;
}

/** Redirects followed for one file, all within the site's origin. */
const maxRedirects = 5;

const sha256 = (bytes: Uint8Array) => crypto.createHash('sha256').update(bytes).digest('hex');

/**
 * A published site over HTTP(S). Each file is fetched once per run; a copy is kept on disk with
 * its ETag, so the next run asks with If-None-Match and a 304 costs no body. When the site cannot
 * be reached, the copy on disk answers (an assistant offline still reads the docs it read before).
 * Everything fetched is data: each body is streamed within the limit of its kind
 * (site-file-limits.ts), redirects stay on the site's origin, and no file is ever run.
 */
export class RemoteSource implements SiteSource {
  readonly label: string;
  /** <cache>/portal-mcp/<host>[_<port>]<base path>: site files under their own paths. */
  readonly folder: string;
  private readonly origin: string;
  private readonly metaFolder: string;
  private readonly inRun = new Map<string, Promise<Uint8Array | undefined>>();
  private cachedBytes: number | undefined;
  private readonly fetch: typeof fetch;
  private readonly maxBytes: number;

  constructor(site: URL, options: { cacheDir?: string; fetch?: typeof fetch; maxBytes?: number } = {}) {
    this.label = site.href.replace(/\/$/, '');
    this.origin = site.origin;
    const host = site.port ? `${site.hostname}_${site.port}` : site.hostname;
    this.folder = path.resolve(options.cacheDir ?? path.join(userCacheDir(), 'portal-mcp'), host.replace(/[^A-Za-z0-9._-]/g, '_'), ...site.pathname.split('/').filter(Boolean));
    this.metaFolder = path.join(this.folder, '.etags');
    // Taken now: the search engine's files are routed through a replaced global fetch (site-search.ts).
    this.fetch = options.fetch ?? globalThis.fetch;
    this.maxBytes = options.maxBytes ?? maxCacheBytes;
  }

  read(sitePath: string): Promise<Uint8Array | undefined> {
    const file = this.fileOf(sitePath);
    if (!file) return Promise.resolve(undefined);
    let pending = this.inRun.get(file);
    if (!pending) {
      pending = this.load(sitePath, file);
      this.inRun.set(file, pending);
    }
    return pending;
  }

  /** The cache file of a site path, or undefined for a path that would leave the site's folder. */
  private fileOf(sitePath: string): string | undefined {
    let decoded: string;
    try {
      decoded = decodeURIComponent(sitePath.split(/[?#]/)[0]);
    } catch {
      return undefined;
    }
    if (decoded.includes('\0') || decoded.split('/').some((segment) => segment === '..' || segment.startsWith('.'))) return undefined;
    const file = path.resolve(this.folder, `.${decoded.startsWith('/') ? decoded : `/${decoded}`}`);
    return file.startsWith(this.folder + path.sep) && !file.endsWith(path.sep) ? file : undefined;
  }

  private metaOf(file: string): string {
    return path.join(this.metaFolder, `${crypto.createHash('sha256').update(path.relative(this.folder, file)).digest('hex').slice(0, 32)}.json`);
  }

  /** The copy on disk when its ETag file parses and its body has the size and hash recorded; a damaged one is a miss. */
  private cachedCopy(file: string, metaFile: string): CachedCopy | undefined {
    try {
      const meta = JSON.parse(fs.readFileSync(metaFile, 'utf8')) as Partial<Meta> | null;
      if (typeof meta?.etag !== 'string' || typeof meta.size !== 'number' || typeof meta.sha256 !== 'string') return undefined;
      const stat = fs.statSync(file);
      if (!stat.isFile() || stat.size !== meta.size) return undefined;
      const bytes = fs.readFileSync(file);
      return sha256(bytes) === meta.sha256 ? { etag: meta.etag, bytes } : undefined;
    } catch {
      return undefined;
    }
  }

  private async load(sitePath: string, file: string): Promise<Uint8Array | undefined> {
    const url = `${this.label}${sitePath.startsWith('/') ? sitePath : `/${sitePath}`}`;
    const limit = siteFileLimit(sitePath.startsWith('/') ? sitePath : `/${sitePath}`);
    const metaFile = this.metaOf(file);
    const cached = this.cachedCopy(file, metaFile);
    let response: Response;
    try {
      response = await this.fetchWithinOrigin(url, cached);
    } catch (error) {
      if (error instanceof PortalError) throw error;
      if (cached) return this.touch(file, cached);
      const cause = (error as Error).cause as { code?: string; message?: string } | undefined;
      throw new PortalError({ severity: 'error', message: `could not fetch ${url}: ${(error as Error).message}${cause ? ` (${cause.code ?? cause.message})` : ''}`, hint: 'Check the --site address and your network connection.' });
    }
    if (response.status === 304 && cached) return this.touch(file, cached);
    if (response.status === 404 || response.status === 410) {
      await response.body?.cancel();
      this.forget(file, metaFile);
      return undefined;
    }
    if (!response.ok) {
      await response.body?.cancel();
      if (cached) return this.touch(file, cached);
      throw new PortalError({ severity: 'error', message: `${url} answered HTTP ${response.status}`, hint: 'Check that --site names a site built with portal, and try again later.' });
    }
    const bytes = await readBounded(response, url, limit);
    this.store(file, metaFile, bytes, response.headers.get('etag'));
    return bytes;
  }

  /**
   * Fetches a URL of the site, following redirects by hand: only to the site's own origin (so
   * never from https to http, nor to an address inside the reader's network), a few at most.
   * A redirect anywhere else is an error naming both URLs, and nothing of it is kept.
   */
  private async fetchWithinOrigin(url: string, cached: CachedCopy | undefined): Promise<Response> {
    let current = url;
    for (let hop = 0; ; hop++) {
      // With a validator, fetch would add "Cache-Control: no-cache", which servers read as "send it
      // whole" (RFC 9111): max-age=0 asks for revalidation alone, so an unchanged file gets its 304.
      const response = await this.fetch(current, { headers: cached ? { 'If-None-Match': cached.etag, 'Cache-Control': 'max-age=0' } : {}, redirect: 'manual' });
      const location = response.headers.get('location');
      if (![301, 302, 303, 307, 308].includes(response.status) || location === null) return response;
      await response.body?.cancel();
      let target: URL;
      try {
        target = new URL(location, current);
      } catch {
        throw new PortalError({ severity: 'error', message: `${current} redirects to "${location}", which is not a URL`, hint: 'Check the --site address.' });
      }
      if (target.origin !== this.origin) {
        throw new PortalError({ severity: 'error', message: `${current} redirects to ${target.href}, outside ${this.origin}: portal mcp follows redirects within the site's own origin only (never from https to http, nor to another host)`, hint: target.protocol === 'https:' ? `If the site moved, pass its new address: --site ${target.origin}` : 'Check the --site address; nothing was read from the redirect.' });
      }
      if (hop >= maxRedirects) throw new PortalError({ severity: 'error', message: `${url} redirects more than ${maxRedirects} times`, hint: 'Check the --site address.' });
      current = target.href;
    }
  }

  private touch(file: string, cached: CachedCopy): Uint8Array {
    try {
      const now = new Date();
      fs.utimesSync(file, now, now);
    } catch {
      // Its place in the pruning order only.
    }
    return cached.bytes;
  }

  private forget(file: string, metaFile: string) {
    try {
      if (fs.existsSync(file)) this.cachedBytes = (this.cachedBytes ?? 0) - fs.statSync(file).size;
      fs.rmSync(file, { force: true });
      fs.rmSync(metaFile, { force: true });
    } catch (error) {
      process.stderr.write(`portal: warning: could not remove ${file} from the cache: ${(error as Error).message}\n`);
    }
  }

  private store(file: string, metaFile: string, bytes: Uint8Array, etag: string | null) {
    try {
      this.cachedBytes ??= this.sizeOnDisk();
      if (fs.existsSync(file) && fs.statSync(file).isFile()) this.cachedBytes -= fs.statSync(file).size;
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.mkdirSync(this.metaFolder, { recursive: true });
      // Body first, then the ETag file that vouches for it (its size and hash): a run killed between
      // the two leaves an ETag file that no longer matches its body, which the next run takes as a miss.
      writeFileAtomically(file, bytes);
      // Without an ETag there is nothing to revalidate with: the file is fetched whole next run.
      if (etag) writeFileAtomically(metaFile, JSON.stringify({ etag, size: bytes.length, sha256: sha256(bytes) } satisfies Meta));
      else fs.rmSync(metaFile, { force: true });
      this.cachedBytes += bytes.length;
      if (this.cachedBytes > this.maxBytes) this.prune();
    } catch (error) {
      // A cache that cannot be written (read-only home, full disk) costs speed, never an answer.
      process.stderr.write(`portal: warning: could not cache ${file}: ${(error as Error).message}\n`);
    }
  }

  private files(): { file: string; size: number; used: number }[] {
    if (!fs.existsSync(this.folder)) return [];
    return (fs.readdirSync(this.folder, { recursive: true }) as string[])
      .filter((entry) => !entry.split(path.sep).includes('.etags'))
      .map((entry) => path.join(this.folder, entry))
      .flatMap((file) => {
        const stat = fs.statSync(file);
        return stat.isFile() ? [{ file, size: stat.size, used: stat.mtimeMs }] : [];
      });
  }

  private sizeOnDisk(): number {
    return this.files().reduce((sum, entry) => sum + entry.size, 0);
  }

  /** Removes the least recently used files until the cache is three quarters of its bound. */
  private prune() {
    const files = this.files().sort((a, b) => a.used - b.used);
    let total = files.reduce((sum, entry) => sum + entry.size, 0);
    for (const entry of files) {
      if (total <= this.maxBytes * 0.75) break;
      // A file read in this run answers from memory from now on.
      fs.rmSync(entry.file, { force: true });
      fs.rmSync(this.metaOf(entry.file), { force: true });
      total -= entry.size;
    }
    this.cachedBytes = total;
  }
}
