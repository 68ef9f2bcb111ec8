import fs from 'node:fs';

/**
 * Writes a file beside its place, then renames it there: a reader (or a build killed halfway)
 * sees the old file or the new one, never half of one, and a hard link to the old one keeps it.
 */
export function writeFileAtomically(file: string, contents: string | Uint8Array): void {
  const partial = `${file}.${process.pid}.tmp`;
  try {
    fs.writeFileSync(partial, contents);
    fs.renameSync(partial, file);
  } catch (error) {
    // A failed write leaves nothing behind beside the file.
    fs.rmSync(partial, { force: true });
    throw error;
  }
}

/** The same, without holding up the event loop (watch mode's search refresh). */
export async function writeFileAtomicallyAsync(file: string, contents: string | Uint8Array): Promise<void> {
  const partial = `${file}.${process.pid}.tmp`;
  await fs.promises.writeFile(partial, contents);
  await fs.promises.rename(partial, file);
}
