import fs from 'node:fs';
import type http from 'node:http';
import fresh from 'fresh';
import Negotiator from 'negotiator';
import parseRange from 'range-parser';
import { isCompressible } from '../output/precompress.ts';
import { CompressedBodies } from './compressed-bodies.ts';
import type { FileBytes } from './file-bytes.ts';
import type { OutputFile } from './output-files.ts';

export interface SendOptions {
  /** The type of the file asked for (its compressed sibling is sent with the same type). */
  type: string;
  cacheControl: string;
  bytes: FileBytes;
  /** Brotli and gzip made on request for text files the build wrote no sibling for. */
  compressed: CompressedBodies;
}

type Encoding = 'br' | 'gzip' | 'identity';
// The build's Brotli is smaller than its gzip: when the browser takes both equally, Brotli goes.
const preferred: Encoding[] = ['br', 'gzip', 'identity'];
// negotiator 1.x takes the server's preference as an option its type declarations do not list yet.
type Negotiating = { encoding(available: string[], options: { preferred: string[] }): string | undefined };
// Browsers send a handful of distinct Accept-Encoding values: each is parsed once.
const negotiated = new Map<string, Encoding>();

/**
 * Which of the file and its siblings the browser takes (q-values honoured; `gzip;q=0` refuses
 * gzip). `onRequest`: the file has no siblings but can be compressed as it is sent.
 */
export function chooseEncoding(acceptEncoding: string | undefined, file: OutputFile, onRequest = false): Encoding {
  if (!onRequest && !file.br && !file.gzip) return 'identity';
  const available = onRequest ? preferred : preferred.filter((encoding) => encoding === 'identity' || file[encoding]);
  const key = `${available.join()}|${acceptEncoding ?? ''}`;
  let choice = negotiated.get(key);
  if (!choice) {
    const negotiator = new Negotiator({ headers: { 'accept-encoding': acceptEncoding } }) as unknown as Negotiating;
    // Nothing acceptable at all (`*;q=0`): the file itself, as servers commonly answer.
    choice = (negotiator.encoding(available, { preferred }) as Encoding | undefined) ?? 'identity';
    if (negotiated.size < 1000) negotiated.set(key, choice);
  }
  return choice;
}

/**
 * Sends a built file with status 200: the negotiated Brotli or gzip sibling, 304 for a
 * conditional request that still matches, 206 for one satisfiable byte range (416 past the end;
 * see `rangeAsked`).
 * Small files go from memory in one write; large ones are streamed from disk.
 */
export function sendFile(request: http.IncomingMessage, response: http.ServerResponse, file: OutputFile, options: SendOptions) {
  // No sibling from the build (`precompress` off): text is compressed here, as such hosts do.
  const onRequest = !file.br && !file.gzip && isCompressible(file.file, file.size) && CompressedBodies.accepts(file);
  const encoding = chooseEncoding(request.headers['accept-encoding'], file, onRequest);
  response.setHeader('Content-Type', options.type);
  response.setHeader('Cache-Control', options.cacheControl);
  // Added to what the server varies on already (`Accept` for pages that have a Markdown twin).
  if (file.br || file.gzip || onRequest) response.setHeader('Vary', [response.getHeader('Vary'), 'Accept-Encoding'].filter(Boolean).join(', '));
  if (encoding !== 'identity') response.setHeader('Content-Encoding', encoding);
  if (onRequest && encoding !== 'identity') {
    // Each representation has its own validator; the time is the file's.
    const etag = `${file.etag.slice(0, -1)}-${encoding}"`;
    if (notModified(request, response, etag, file.lastModified)) return;
    options.compressed.get(file, encoding, options.bytes.get(file)).then(
      (body) => sendBody(request, response, { lastModified: file.lastModified, size: body.length, file: file.file }, body),
      () => response.destroy(),
    );
    return;
  }
  const sent = encoding === 'identity' ? file : file[encoding]!;
  if (notModified(request, response, sent.etag, sent.lastModified)) return;
  sendBody(request, response, sent, options.bytes.get(sent));
}

/** Sets the validators; answers 304 (and says so) when the browser's copy still matches. */
function notModified(request: http.IncomingMessage, response: http.ServerResponse, etag: string, lastModified: string): boolean {
  response.setHeader('ETag', etag);
  response.setHeader('Last-Modified', lastModified);
  response.setHeader('Accept-Ranges', 'bytes');
  if (!fresh(request.headers, { etag, 'last-modified': lastModified })) return false;
  response.statusCode = 304;
  response.end();
  return true;
}

/** The whole body or one byte range of it: from `bytes` when in memory, else streamed from `sent.file`. */
function sendBody(request: http.IncomingMessage, response: http.ServerResponse, sent: Pick<OutputFile, 'size' | 'file' | 'lastModified'>, bytes: Buffer | undefined) {
  const size = bytes?.length ?? sent.size;
  let range: ByteRange | undefined;
  // If-Range names the version the browser has part of: another version is sent whole. Its ETag
  // form never matches, since weak validators cannot (RFC 9110, 13.1.5).
  const ifRange = request.headers['if-range'];
  if (request.headers.range && (!ifRange || ifRange === sent.lastModified)) {
    const asked = rangeAsked(size, request.headers.range);
    if (asked === 'unsatisfiable') {
      response.writeHead(416, { 'Content-Range': `bytes */${size}` });
      return response.end();
    }
    range = asked;
  }
  if (range) response.setHeader('Content-Range', `bytes ${range.start}-${range.end}/${size}`);
  response.writeHead(range ? 206 : 200, { 'Content-Length': range ? range.end - range.start + 1 : size });
  if (request.method === 'HEAD') return response.end();
  if (bytes) return response.end(range ? bytes.subarray(range.start, range.end + 1) : bytes);
  fs.createReadStream(sent.file, range)
    .on('error', () => response.destroy())
    .pipe(response);
}

type ByteRange = { start: number; end: number };

/**
 * The one byte range a Range header asks of `size` bytes, 'unsatisfiable' (416), or undefined
 * for the whole file (200). Per RFC 9110, 14.1: a header with an invalid range-spec (`1-0`, a
 * first byte after the last) or of another unit is ignored; a suffix longer than the file
 * selects the whole file; several ranges get the whole file too, as a server may answer.
 */
export function rangeAsked(size: number, header: string): ByteRange | 'unsatisfiable' | undefined {
  const equals = header.indexOf('=');
  if (equals === -1 || header.slice(0, equals).trim() !== 'bytes' || size === 0) return undefined;
  const specs: string[] = [];
  for (const spec of header.slice(equals + 1).split(',')) {
    const match = /^\s*(\d*)\s*-\s*(\d*)\s*$/.exec(spec);
    if (!match || (match[1] === '' && match[2] === '')) return undefined;
    const [, first, last] = match;
    if (first !== '' && last !== '' && Number(first) > Number(last)) return undefined;
    // range-parser finds a suffix longer than the file unsatisfiable; the RFC takes the whole file.
    specs.push(first === '' && Number(last) > size ? `-${size}` : `${first}-${last}`);
  }
  const ranges = parseRange(size, `bytes=${specs.join(',')}`, { combine: true });
  if (ranges === -1) return 'unsatisfiable';
  return ranges !== -2 && ranges.length === 1 ? ranges[0] : undefined;
}
