import { createHash } from 'node:crypto';

/** The SHA-256 of text or bytes, in hex: content hashes, cache keys and hashed file names. */
export function sha256Hex(data: string | Uint8Array): string {
  return createHash('sha256').update(data).digest('hex');
}
