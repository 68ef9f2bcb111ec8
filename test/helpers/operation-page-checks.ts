// The checks the GitHub spec test (test/integration/openapi-real-spec.test.ts) makes of each of
// its ~1,200 operation pages: parsing them is most of that test after the build, so the pages are
// shared out over worker threads, one per core, each checking its share and sending back what it found.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Element } from 'hast';
import { fromHtml } from 'hast-util-from-html';
import { toString } from 'hast-util-to-string';
import { visit } from 'unist-util-visit';
import { answerFromWorker } from './worker-answer.ts';

/** What every page is checked against: the same for all workers. */
export interface OperationPageSetup {
  dist: string;
  /** The `<script …>` tags the shell writes; a page may have no other. */
  shellScripts: string[];
  /** The source of a pattern matching spec text that became markup. */
  rawPlaceholder: string;
}

/** A route and its place in the list: the area sidebar is validated on the first page only. */
export interface RouteToCheck {
  route: string;
  index: number;
}

export interface OperationPageFindings {
  /** One message per page that fails, naming its route. */
  failures: string[];
  /** The method and path each passing page shows. */
  endpoints: string[];
}

const sidebar = /<nav class="sidebar-nav" aria-label="Docs sidebar">[\s\S]*?<\/nav>/;

/** Checks `routes` here, in this thread. */
export function checkOperationPages(setup: OperationPageSetup, routes: RouteToCheck[]): OperationPageFindings {
  const shellScripts = new Set(setup.shellScripts);
  const rawPlaceholder = new RegExp(setup.rawPlaceholder, 'i');
  const findings: OperationPageFindings = { failures: [], endpoints: [] };
  for (const { route, index } of routes) {
    try {
      findings.endpoints.push(checkOperationPage(setup.dist, route, index, shellScripts, rawPlaceholder));
    } catch (error) {
      if (!(error instanceof assert.AssertionError)) throw error;
      findings.failures.push(error.message);
    }
  }
  return findings;
}

/** Checks `routes` over one worker per core (no more workers than routes), each taking every n-th route. */
export async function checkOperationPagesInParallel(setup: OperationPageSetup, routes: RouteToCheck[]): Promise<OperationPageFindings> {
  const workers = Math.max(1, Math.min(os.availableParallelism(), routes.length));
  // Every n-th route rather than runs of them: page sizes differ a thousandfold, and alike pages sit together.
  const shares = Array.from({ length: workers }, (_, worker) => routes.filter((_, position) => position % workers === worker));
  const results = await Promise.all(shares.map((share) => answerFromWorker<OperationPageFindings>(new URL('./workers/operation-page-worker.mjs', import.meta.url), { setup, routes: share })));
  return { failures: results.flatMap((result) => result.failures), endpoints: results.flatMap((result) => result.endpoints) };
}

/** One page's checks; returns the method and path it shows. */
function checkOperationPage(dist: string, route: string, index: number, shellScripts: Set<string>, rawPlaceholder: RegExp): string {
  let html = fs.readFileSync(path.join(dist, route.slice(1), 'index.html'), 'utf8');
  for (const tag of html.match(/<script\b[^>]*>/gi) ?? []) assert.ok(shellScripts.has(tag), `${route}: a script the shell does not write: ${tag}`);
  assert.doesNotMatch(html, rawPlaceholder, `${route}: spec text became markup`);
  // The area sidebar (a quarter of a megabyte, the same on every page) is validated on the first page only.
  if (index > 0) html = html.replace(sidebar, '');
  const problems: string[] = [];
  const tree = fromHtml(html, { onerror: (error) => void problems.push(`${error.ruleId}: ${error.reason}`) });
  assert.deepEqual(problems, [], `${route} is not valid HTML`);
  const ids = [...html.matchAll(/\sid="([^"]*)"/g)].map((match) => match[1]);
  assert.equal(new Set(ids).size, ids.length, `${route}: an id used twice`);
  assert.ok(ids.every((id) => id && !/\s/.test(id)), `${route}: an empty id or one with spaces`);
  let endpoint: string | undefined;
  visit(tree, 'element', (node: Element) => {
    if (String(node.properties.className ?? '') === 'api-endpoint') endpoint = toString(node);
  });
  assert.ok(endpoint, `${route}: no method and path`);
  return endpoint;
}
