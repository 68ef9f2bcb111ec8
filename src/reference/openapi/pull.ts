import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { PortalConfig } from '../../config/schema.ts';
import { PortalError, type Problem } from '../../errors.ts';
import { loadSpec } from './load-spec.ts';

export interface PullResult {
  spec: string;
  status: 'updated' | 'unchanged' | 'no-upstream';
}

/**
 * `portal specs pull`: fetches each spec that names an upstream, validates it, and only then
 * replaces the committed snapshot. Builds never fetch: they use the snapshots.
 */
export async function pullSpecs(root: string, config: PortalConfig, timeoutMs = 15_000): Promise<PullResult[]> {
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
      if (!response.ok) throw new Error(`HTTP ${response.status} ${response.statusText}`);
      text = await response.text();
    } catch (error) {
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
    const candidate = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'portal-spec-')), path.basename(source.spec));
    fs.writeFileSync(candidate, text);
    try {
      // The candidate is alone in its folder: its $refs may read nothing else.
      await loadSpec(candidate, `${source.upstream}`, [path.dirname(candidate)]);
    } catch (error) {
      if (error instanceof PortalError) {
        problems.push(...error.problems.map((problem) => ({ ...problem, message: `${problem.message} (snapshot ${source.spec} left unchanged)` })));
        continue;
      }
      throw error;
    }
    const target = path.resolve(root, source.spec);
    const unchanged = fs.existsSync(target) && fs.readFileSync(target, 'utf8') === text;
    if (!unchanged) fs.writeFileSync(target, text);
    results.push({ spec: source.spec, status: unchanged ? 'unchanged' : 'updated' });
  }
  if (problems.length) throw new PortalError(problems);
  return results;
}
