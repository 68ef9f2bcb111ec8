// The subset of CBOR (RFC 8949) that Pagefind's index files use: unsigned and negative
// integers, text strings and arrays, all of definite length. Encoding is canonical (shortest
// form), as Pagefind's writer (minicbor) produces it, so a file decoded and encoded again is
// byte-identical.

export type CborValue = number | string | CborValue[];

const unsigned = 0;
const negative = 1;
const text = 3;
const array = 4;

export function decodeCbor(bytes: Uint8Array): CborValue {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const decoder = new TextDecoder();
  let at = 0;
  const argument = (info: number): number => {
    if (info < 24) return info;
    const start = at;
    if (info === 24) return (at += 1), view.getUint8(start);
    if (info === 25) return (at += 2), view.getUint16(start);
    if (info === 26) return (at += 4), view.getUint32(start);
    if (info === 27) {
      at += 8;
      const value = view.getBigUint64(start);
      if (value > BigInt(Number.MAX_SAFE_INTEGER)) throw new Error('CBOR: integer too large');
      return Number(value);
    }
    throw new Error(`CBOR: unsupported length encoding ${info} at byte ${start - 1}`);
  };
  const item = (): CborValue => {
    if (at >= bytes.length) throw new Error('CBOR: unexpected end of data');
    const head = bytes[at++];
    const major = head >> 5;
    const value = argument(head & 31);
    if (major === unsigned) return value;
    if (major === negative) return -1 - value;
    if (major === text) {
      const start = at;
      at += value;
      // Index words are short and mostly ASCII: decoding those by hand is several times faster.
      const slice = bytes.subarray(start, at);
      return slice.length <= 256 && slice.every((byte) => byte < 0x80) ? String.fromCharCode(...slice) : decoder.decode(slice);
    }
    if (major === array) {
      const items: CborValue[] = new Array(value);
      for (let i = 0; i < value; i++) items[i] = item();
      return items;
    }
    throw new Error(`CBOR: unsupported major type ${major} at byte ${at - 1}`);
  };
  const result = item();
  if (at !== bytes.length) throw new Error(`CBOR: ${bytes.length - at} bytes after the value`);
  return result;
}

export function encodeCbor(value: CborValue): Uint8Array {
  let out = new Uint8Array(1 << 16);
  let length = 0;
  /** Room for `count` more bytes. */
  const reserve = (count: number) => {
    if (length + count <= out.length) return;
    const larger = new Uint8Array(Math.max(out.length * 2, length + count));
    larger.set(out);
    out = larger;
  };
  const encoder = new TextEncoder();
  const head = (major: number, argument: number) => {
    reserve(9);
    const type = major << 5;
    if (argument < 24) out[length++] = type | argument;
    else if (argument < 0x100) {
      out[length++] = type | 24;
      out[length++] = argument;
    } else if (argument < 0x10000) {
      out[length++] = type | 25;
      out[length++] = argument >> 8;
      out[length++] = argument & 0xff;
    } else if (argument < 0x100000000) {
      out[length++] = type | 26;
      for (let shift = 24; shift >= 0; shift -= 8) out[length++] = (argument >>> shift) & 0xff;
    } else {
      const big = BigInt(argument);
      out[length++] = type | 27;
      for (let shift = 56n; shift >= 0n; shift -= 8n) out[length++] = Number((big >> shift) & 0xffn);
    }
  };
  const item = (entry: CborValue) => {
    if (typeof entry === 'number') {
      if (!Number.isSafeInteger(entry)) throw new Error(`CBOR: ${entry} is not an integer`);
      if (entry >= 0) head(unsigned, entry);
      else head(negative, -1 - entry);
    } else if (typeof entry === 'string') {
      const bytes = encoder.encode(entry);
      head(text, bytes.length);
      reserve(bytes.length);
      out.set(bytes, length);
      length += bytes.length;
    } else {
      head(array, entry.length);
      for (const element of entry) item(element);
    }
  };
  item(value);
  return out.slice(0, length);
}
