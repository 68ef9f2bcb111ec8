import fs from 'node:fs';
import path from 'node:path';

/**
 * Writes a whole site into a fresh folder beside the output, then swaps it in, so a failed or
 * killed build never leaves a half-written `dist/`. A swap interrupted between its two renames
 * is repaired by the next call.
 */
export class AtomicOutput {
  readonly staging: string;
  private readonly previous: string;

  constructor(readonly outDir: string) {
    AtomicOutput.recover(outDir);
    const stamp = `${process.pid}-${Date.now()}`;
    this.staging = `${outDir}.staging-${stamp}`;
    this.previous = `${outDir}.previous-${stamp}`;
    fs.mkdirSync(this.staging, { recursive: true });
  }

  write(relativePath: string, contents: string | Uint8Array): void {
    const file = path.join(this.staging, relativePath);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, contents);
  }

  copy(relativePath: string, source: string): void {
    const file = path.join(this.staging, relativePath);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.copyFileSync(source, file);
  }

  commit(): void {
    const hadOutput = fs.existsSync(this.outDir);
    if (hadOutput) fs.renameSync(this.outDir, this.previous);
    fs.renameSync(this.staging, this.outDir);
    if (hadOutput) fs.rmSync(this.previous, { recursive: true, force: true });
  }

  abandon(): void {
    fs.rmSync(this.staging, { recursive: true, force: true });
  }

  /** Puts back an output left aside by an interrupted swap and clears abandoned staging folders. */
  static recover(outDir: string): void {
    const parent = path.dirname(outDir);
    const base = path.basename(outDir);
    if (!fs.existsSync(parent)) return;
    for (const name of fs.readdirSync(parent)) {
      if (name.startsWith(`${base}.previous-`)) {
        const aside = path.join(parent, name);
        if (!fs.existsSync(outDir)) fs.renameSync(aside, outDir);
        else fs.rmSync(aside, { recursive: true, force: true });
      } else if (name.startsWith(`${base}.staging-`)) {
        const pid = Number(name.slice(`${base}.staging-`.length).split('-')[0]);
        if (!isRunning(pid)) fs.rmSync(path.join(parent, name), { recursive: true, force: true });
      }
    }
  }
}

function isRunning(pid: number): boolean {
  if (!pid || pid === process.pid) return pid === process.pid;
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
