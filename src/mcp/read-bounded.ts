import { PortalError } from '../errors.ts';
import { BodyTooLarge, formatBytes, readBoundedBody } from '../util/bounded-body.ts';
import type { SiteFileLimit } from './site-file-limits.ts';

/** The refusal of a file over its limit: names the URL, the kind of file and the limit. */
export function tooLarge(url: string, limit: SiteFileLimit, what = 'is larger than'): PortalError {
  return new PortalError({ severity: 'error', message: `${url} ${what} ${formatBytes(limit.bytes)}, the most portal mcp takes of a ${limit.kind}`, hint: 'Check that --site names a site built with portal; nothing of this file was kept.' });
}

/**
 * A response's body, read as it streams and given up past its kind's limit (the one bounded reader
 * of src/util/bounded-body.ts), refused in portal mcp's words.
 */
export async function readBounded(response: Response, url: string, limit: SiteFileLimit): Promise<Uint8Array> {
  try {
    return await readBoundedBody(response, limit.bytes);
  } catch (error) {
    if (!(error instanceof BodyTooLarge)) throw error;
    throw error.declared === undefined ? tooLarge(url, limit) : tooLarge(url, limit, `declares ${error.declared} bytes, more than`);
  }
}
