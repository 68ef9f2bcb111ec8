import { PortalError } from '../errors.ts';
import { formatLimit, type SiteFileLimit } from './site-file-limits.ts';

/** The refusal of a file over its limit: names the URL, the kind of file and the limit. */
export function tooLarge(url: string, limit: SiteFileLimit, what = 'is larger than'): PortalError {
  return new PortalError({ severity: 'error', message: `${url} ${what} ${formatLimit(limit.bytes)}, the most portal mcp takes of a ${limit.kind}`, hint: 'Check that --site names a site built with portal; nothing of this file was kept.' });
}

/**
 * A response's body, read as it streams and given up past the limit: a body that never ends, or
 * one far larger than its kind, costs at most the limit in memory.
 */
export async function readBounded(response: Response, url: string, limit: SiteFileLimit): Promise<Uint8Array> {
  const declared = Number(response.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > limit.bytes) {
    await response.body?.cancel().catch(() => undefined);
    throw tooLarge(url, limit, `declares ${declared} bytes, more than`);
  }
  if (!response.body) return new Uint8Array();
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let length = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    length += value.byteLength;
    if (length > limit.bytes) {
      await reader.cancel().catch(() => undefined);
      throw tooLarge(url, limit);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks, length);
}
