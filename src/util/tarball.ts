import zlib from 'node:zlib';

// A gzipped tar archive as npm packs a package: ustar entries, one 512-byte header each, files
// only. Fixed times, owners and modes, so the same files always make the same bytes (and the
// same integrity hash).

export interface TarEntry {
  /** Path inside the archive, "package/…" for an npm package; at most 100 bytes. */
  path: string;
  contents: Uint8Array;
  /** Whether to mark it executable (a package's bin). */
  executable?: boolean;
}

/** 1985-10-26, the time npm stamps on every packed file, so packing never depends on when. */
const packedTime = 499162500;

function header(entry: TarEntry): Buffer {
  const block = Buffer.alloc(512);
  const name = Buffer.from(entry.path, 'utf8');
  if (name.length > 100) throw new Error(`tar path longer than 100 bytes: ${entry.path}`);
  name.copy(block, 0);
  const octal = (value: number, at: number, width: number) => block.write(`${value.toString(8).padStart(width - 1, '0')}\0`, at, width, 'ascii');
  octal(entry.executable ? 0o755 : 0o644, 100, 8);
  octal(0, 108, 8);
  octal(0, 116, 8);
  octal(entry.contents.byteLength, 124, 12);
  octal(packedTime, 136, 12);
  block.fill(' ', 148, 156); // the checksum counts its own field as spaces
  block.write('0', 156, 1, 'ascii');
  block.write('ustar\u000000', 257, 8, 'binary');
  let sum = 0;
  for (const byte of block) sum += byte;
  block.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 8, 'ascii');
  return block;
}

/** The .tgz of these files, in the order given. */
export function tarball(entries: TarEntry[]): Buffer {
  const parts: Buffer[] = [];
  for (const entry of entries) {
    parts.push(header(entry), Buffer.from(entry.contents));
    const padding = (512 - (entry.contents.byteLength % 512)) % 512;
    if (padding) parts.push(Buffer.alloc(padding));
  }
  parts.push(Buffer.alloc(1024)); // two empty blocks end the archive
  return zlib.gzipSync(Buffer.concat(parts), { level: 9 });
}
