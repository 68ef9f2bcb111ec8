import { transform } from 'esbuild';
import type { ContentBlock } from '../helpers/content-blocks.ts';
import { at } from '../helpers/verified-blocks.ts';

// CSS with esbuild's CSS parser (the build bundles the site's CSS with it): syntax errors and the
// warnings it gives for CSS browsers would drop (unknown at-rules, bad selectors) fail.

export async function checkCssBlock(block: ContentBlock): Promise<string[]> {
  const messages = await transform(block.code, { loader: 'css', logLevel: 'silent' }).then(
    (result) => result.warnings,
    (failure: { errors?: import('esbuild').Message[]; warnings?: import('esbuild').Message[] }) => [...(failure.errors ?? []), ...(failure.warnings ?? [])],
  );
  return messages.map((message) => `${at(block, message.location?.line ?? 1, (message.location?.column ?? 0) + 1)}: CSS: ${message.text}\n  Fix the CSS, or mark a deliberate partial with fragment="why"`);
}
