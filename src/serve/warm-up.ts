import type { SiteState } from '../build/build.ts';
import { Diagnostics } from '../errors.ts';
import { renderWatchedDoc } from './incremental.ts';

// The full build renders docs on worker threads, so the main thread's own copy of the Markdown
// pipeline has never run when watch mode rebuilds the first save: V8 runs it unoptimised. On the
// real portal an 18 KB page's first save took 580 ms, the next ones 180, 120… and about 80 ms
// only by the twentieth. So before watch mode says it is serving, the main thread renders docs
// for a moment, and the first save meets a pipeline V8 has already optimised. Nothing rendered
// here is kept or written.

/** How long the warm-up renders: what it adds to `portal serve --watch`'s start. */
const budgetMs = 2500;
/** Longer docs are left out: the budget goes further on many docs than on a few long ones. */
const longestDoc = 12_000;

/** Renders the site's docs (page and twin, as a save does) until the budget is spent; returns how many it rendered. */
export function warmMarkdownPipeline(state: SiteState): number {
  const started = performance.now();
  let rendered = 0;
  for (const doc of state.docs) {
    if (performance.now() - started >= budgetMs) break;
    if (doc.body.length > longestDoc || doc.partials) continue;
    try {
      const { twinBody } = renderWatchedDoc(state, doc, new Diagnostics());
      twinBody();
      rendered++;
    } catch {
      // Only a warm-up: a doc that cannot be rendered here is reported by the save that rebuilds it.
    }
  }
  return rendered;
}
