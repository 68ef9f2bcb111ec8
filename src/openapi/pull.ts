import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { PortalConfig } from '../config/schema.ts';
import { PortalError, type Problem } from '../errors.ts';
import { BodyTooLarge, formatBytes, readBoundedBody } from '../util/bounded-body.ts';
import { loadSpec } from './load-spec.ts';

/** The most `specs pull` reads of one description: several times the largest real ones (Stripe's is about 6 MB). */
export const specPullLimit = 64 * 1024 * 1024;

export interface PullResult {
  spec: string;
  status: 'updated' | 'unchanged' | 'no-upstream';
}

/**
 * `portal specs pull`: fetches each spec that names an upstream, validates it, and only then
 * replaces the committed snapshot. Builds never fetch: they use the snapshots.
 */
export async function pullSpecs(root: string, config: PortalConfig, timeoutMs = 15_000, maxBytes = specPullLimit): Promise<PullResult[]> {
  const results: PullResult[] = [];
  const problems: Problem[] = [];
  for (const source of config.openapi) {
    if (!source.upstream) {
      results.push({ spec: source.spec, status: 'no-upstream' });
      continue;
    }
    let text: string;
    try {
      const response = await fetch(source.upstream, { signal: AbortSignal.timeout(timeoutMs) });
      if (!response.ok) {
        await response.body?.cancel().catch(() => undefined);
        throw new Error(`HTTP ${response.status} ${response.statusText}`);
      }
      // Streamed and cut at the limit: an upstream that sends without end costs at most the limit.
      text = new TextDecoder().decode(await readBoundedBody(response, maxBytes));
    } catch (error) {
      if (error instanceof BodyTooLarge) {
        problems.push({
          severity: 'error',
          file: source.spec,
          message: `${source.upstream} ${error.declared === undefined ? 'sent more than' : `declares ${error.declared} bytes, more than`} ${formatBytes(maxBytes)}, the most specs pull reads of a description; the snapshot is unchanged`,
          hint: 'Check that "upstream" in portal.config.ts names the OpenAPI description itself (not an archive or a page).',
        });
        continue;
      }
      const reason = (error as Error & { cause?: { code?: string } }).cause?.code ?? (error as Error).message;
      problems.push({
        severity: 'error',
        file: source.spec,
        message: `could not fetch ${source.upstream} (${reason}); the snapshot is unchanged`,
        hint: 'Check the network connection (builds do not need it) or the "upstream" URL in portal.config.ts.',
      });
      continue;
    }
    // Validate before writing: a broken upstream must not replace a good snapshot.
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-spec-'));
    try {
      const candidate = path.join(folder, path.basename(source.spec));
      fs.writeFileSync(candidate, text);
      // The candidate is alone in its folder: its $refs may read nothing else.
      await loadSpec(candidate, `${source.upstream}`, [folder]);
    } catch (error) {
      if (error instanceof PortalError) {
        problems.push(...error.problems.map((problem) => ({ ...problem, message: `${problem.message} (snapshot ${source.spec} left unchanged)` })));
        continue;
      }
      throw error;
    } finally {
      // Every pull, valid or not, leaves no temporary folder behind.
      fs.rmSync(folder, { recursive: true, force: true });
    }
    const target = path.resolve(root, source.spec);
    const unchanged = fs.existsSync(target) && fs.readFileSync(target, 'utf8') === text;
    if (!unchanged) fs.writeFileSync(target, text);
    results.push({ spec: source.spec, status: unchanged ? 'unchanged' : 'updated' });
  }
  if (problems.length) throw new PortalError(problems);
  return results;
}
