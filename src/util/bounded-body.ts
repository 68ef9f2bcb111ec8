// A response body read as it streams and given up past a limit, so a body that never ends, or one
// far larger than expected, costs at most the limit in memory. The caller words the refusal.

export class BodyTooLarge extends Error {
  constructor(
    readonly limit: number,
    /** The length the server declared, when that alone was over the limit. */
    readonly declared?: number,
  ) {
    super(declared === undefined ? `the body is larger than ${limit} bytes` : `the body declares ${declared} bytes, more than ${limit}`);
    this.name = 'BodyTooLarge';
  }
}

/** The whole body of `response`, or a BodyTooLarge throw once it passes `limit` bytes (the rest is not read). */
export async function readBoundedBody(response: Response, limit: number): Promise<Uint8Array> {
  const declared = Number(response.headers.get('content-length') ?? Number.NaN);
  if (Number.isFinite(declared) && declared > limit) {
    await response.body?.cancel().catch(() => undefined);
    throw new BodyTooLarge(limit, declared);
  }
  if (!response.body) return new Uint8Array();
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let length = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    length += value.byteLength;
    if (length > limit) {
      await reader.cancel().catch(() => undefined);
      throw new BodyTooLarge(limit);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks, length);
}

/** "50 MiB", "512 KiB", "300 bytes": a limit as a reader says it. */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024 && bytes % (1024 * 1024) === 0) return `${bytes / (1024 * 1024)} MiB`;
  if (bytes >= 1024 && bytes % 1024 === 0) return `${bytes / 1024} KiB`;
  return `${bytes} bytes`;
}
