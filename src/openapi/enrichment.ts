import type { Diagnostics } from '../errors.ts';

// Request samples, the check of response examples and the changelog are extras: a page is whole
// without them. A library behind one of them (httpsnippet, Ajv, api-smart-diff) may still throw
// on a description that is valid but unusual, and one operation must not stop the whole build
// with "internal error". Each extra runs through `attempt`: a throw becomes a located warning
// naming the operation and the extra, and the page is built without it.

/** Runs one extra of one place in a description; on a throw, says so there and returns `fallback`. */
export type EnrichmentGuard = <T>(extra: string, pointer: string, fallback: T, make: () => T) => T;

/** The guard of one description: warnings go to `diagnostics` at the file and line `locate` gives a JSON pointer. */
export function enrichmentGuard(diagnostics: Diagnostics, locate: (pointer: string) => { file: string; line?: number }): EnrichmentGuard {
  return (extra, pointer, fallback, make) => {
    try {
      return make();
    } catch (error) {
      diagnostics.warn({
        ...locate(pointer),
        message: `at ${pointer || '/'}: the ${extra} could not be made (${reasonOf(error)}); the page is built without it`,
        hint: 'The description may use a form this extra cannot read. If the description is valid, report it to portal\'s maintainers with this message; nothing else on the page is affected.',
      });
      return fallback;
    }
  };
}

/** A guard that lets every throw through, for callers (tests, tools) that want the failure itself. */
export const unguarded: EnrichmentGuard = (_extra, _pointer, _fallback, make) => make();

function reasonOf(error: unknown): string {
  const text = error instanceof Error ? `${error.name === 'Error' ? '' : `${error.name}: `}${error.message}` : String(error);
  const line = text.split('\n')[0].trim();
  return line.length > 200 ? `${line.slice(0, 197)}...` : line || 'no reason given';
}
