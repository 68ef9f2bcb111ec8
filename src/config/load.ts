import fs from 'node:fs';
import path from 'node:path';
import type { z } from 'zod';
import { closest, PortalError, type Problem } from '../errors.ts';
import { configSchema, type PortalConfig } from './schema.ts';
import { loneSurrogateHint, loneSurrogatesOf } from '../util/lone-surrogate.ts';
import { ConfigSyntaxError, importConfig } from './import-config.ts';

export interface LoadedConfig {
  config: PortalConfig;
  /** The absolute path of the config file. */
  file: string;
  /** The folder that holds the config: content/ and templates/ are found beside it. */
  root: string;
}

/** Imports portal.config.ts (compiled by esbuild, see import-config.ts) and validates it. */
export async function loadConfig(configFile = 'portal.config.ts', cwd = process.cwd()): Promise<LoadedConfig> {
  const file = path.resolve(cwd, configFile);
  const shown = path.relative(cwd, file) || file;
  if (!fs.existsSync(file)) {
    throw new PortalError({
      severity: 'error',
      file: shown,
      message: 'configuration file not found',
      hint: 'Run portal from the folder that holds portal.config.ts, or pass --config <file>.',
    });
  }
  let exported: unknown;
  try {
    exported = await settledWithin(importConfig(file), configTimeoutMs(), () => new PortalError({
      severity: 'error',
      file: shown,
      message: `the configuration did not finish loading in ${configTimeoutMs() / 1000} s: a top-level await in it (or in a file it imports) never settles`,
      hint: 'Make each top-level await settle (give a fetch or a wait a time limit), or move the work out of the config.',
    }));
  } catch (error) {
    if (error instanceof PortalError) throw error;
    throw new PortalError(
      {
        severity: 'error',
        file: shown,
        line: error instanceof ConfigSyntaxError ? error.line : undefined,
        column: error instanceof ConfigSyntaxError ? error.column : undefined,
        message: `the configuration could not be loaded: ${(error as Error).message.split('\n')[0]}`,
        hint: 'Fix the TypeScript error above; the file must `export default defineConfig({...})`.',
      },
      { cause: error },
    );
  }
  return { config: validateConfig(exported, shown), file, root: path.dirname(file) };
}

/** How long the config module may take to load; PORTAL_CONFIG_TIMEOUT_MS sets it (tests). */
const configTimeoutMs = () => Number(process.env.PORTAL_CONFIG_TIMEOUT_MS) || 30_000;

/**
 * `promise`, or `timeout()` thrown after `ms`. A config whose top-level await never settles
 * would otherwise end the process silently with exit code 13 once nothing else is pending.
 */
async function settledWithin<T>(promise: Promise<T>, ms: number, timeout: () => Error): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([promise, new Promise<never>((_, reject) => (timer = setTimeout(() => reject(timeout()), ms)))]);
  } finally {
    clearTimeout(timer);
  }
}

/** Validates a config value, reporting every problem at once by its config path. */
export function validateConfig(value: unknown, file = 'portal.config.ts'): PortalConfig {
  if (value === undefined) {
    throw new PortalError({
      severity: 'error',
      file,
      message: 'the configuration has no default export',
      hint: 'End the file with `export default defineConfig({ ... })`.',
    });
  }
  let result;
  try {
    result = configSchema.safeParse(value);
  } catch (error) {
    // Reading the config runs its code: a getter that throws, a Proxy that refuses.
    throw new PortalError(
      { severity: 'error', file, message: `reading the configuration threw: ${(error as Error)?.message ?? String(error)}`, hint: 'Fix the getter or code in the config that throws this; plain values are the safest.' },
      { cause: error },
    );
  }
  if (!result.success) {
    throw new PortalError(result.error.issues.map((issue) => toProblem(issue, value, file)));
  }
  const surrogates = loneSurrogatesOf(result.data);
  if (surrogates.length) {
    throw new PortalError(surrogates.map(({ key, code }) => ({ severity: 'error' as const, file, message: `${key}: holds ${code}, half of a surrogate pair, which no page or search index can hold`, hint: loneSurrogateHint })));
  }
  checkConsistency(result.data, file);
  return result.data;
}

function toProblem(issue: z.core.$ZodIssue, value: unknown, file: string): Problem {
  const where = formatPath(issue.path);
  const problem = (message: string, hint?: string): Problem => ({
    severity: 'error',
    file,
    message: `${where || 'config'}: ${message}`,
    hint,
  });
  switch (issue.code) {
    case 'unrecognized_keys': {
      const known = knownKeys(issue.path);
      return problem(
        `unknown key${issue.keys.length > 1 ? 's' : ''} ${issue.keys.map((k) => `"${k}"`).join(', ')}`,
        issue.keys
          .map((key) => closest(key, known))
          .filter(Boolean)
          .map((key) => `Did you mean "${key}"?`)
          .join(' ') || (known.length ? `Allowed keys: ${known.join(', ')}.` : undefined),
      );
    }
    case 'invalid_union': {
      const typePath = issue.path.at(-1) === 'type' ? issue.path : [...issue.path, 'type'];
      const actual = valueAt(value, typePath);
      if ((issue as { note?: string }).note === 'No matching discriminator' || typeof actual === 'string') {
        const allowed = navbarTypes();
        const suggestion = typeof actual === 'string' ? closest(actual, allowed) : undefined;
        return {
          ...problem(`unknown navbar item type ${JSON.stringify(actual)}`),
          message: `${formatPath(typePath)}: unknown navbar item type ${JSON.stringify(actual)}`,
          hint: `${suggestion ? `Did you mean "${suggestion}"? ` : ''}Allowed types: ${allowed.join(', ')}.`,
        };
      }
      return problem('does not match any allowed shape');
    }
    case 'invalid_type': {
      const actual = valueAt(value, issue.path);
      return actual === undefined
        ? problem(`is required (expected ${issue.expected})`)
        : problem(`expected ${issue.expected}, got ${describe(actual)}`);
    }
    case 'invalid_value':
      return problem(`must be one of ${issue.values.map((v) => JSON.stringify(v)).join(', ')}`);
    case 'custom':
      // A refinement of the schema (an unsafe URL) may carry its fix.
      return problem(issue.message, (issue.params as { hint?: string } | undefined)?.hint);
    default:
      return problem(issue.message);
  }
}

/** Checks that need the whole config: duplicate redirect sources, navbar links to areas. */
function checkConsistency(config: PortalConfig, file: string): void {
  const problems: Problem[] = [];
  const seen = new Map<string, number>();
  config.redirects.forEach((redirect, index) => {
    const earlier = seen.get(redirect.from);
    if (earlier !== undefined) {
      problems.push({
        severity: 'error',
        file,
        message: `redirects[${index}].from: "${redirect.from}" is already redirected by redirects[${earlier}]`,
        hint: 'Keep one redirect per old path.',
      });
    }
    seen.set(redirect.from, index);
    for (const name of placeholders(redirect.from)) {
      if (!redirect.params?.[name]) {
        problems.push({
          severity: 'error',
          file,
          message: `redirects[${index}].from: placeholder {${name}} has no values`,
          hint: `Add params: { ${name}: ['value', ...] } so portal can write a stub for each old path.`,
        });
      }
    }
  });
  if (config.toc.minHeadingLevel > config.toc.maxHeadingLevel) {
    problems.push({
      severity: 'error',
      file,
      message: 'toc: minHeadingLevel is greater than maxHeadingLevel',
      hint: 'The portal uses 2 to 5.',
    });
  }
  if (problems.length) throw new PortalError(problems);
}

export function placeholders(pattern: string): string[] {
  return [...pattern.matchAll(/\{([a-z]+)\}/g)].map((m) => m[1]);
}

function formatPath(segments: PropertyKey[]): string {
  return segments
    .map((segment, index) =>
      typeof segment === 'number' ? `[${segment}]` : `${index === 0 ? '' : '.'}${String(segment)}`,
    )
    .join('');
}

function valueAt(value: unknown, segments: PropertyKey[]): unknown {
  let current = value;
  for (const segment of segments) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<PropertyKey, unknown>)[segment];
  }
  return current;
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'string') return `the string ${JSON.stringify(value)}`;
  return `${typeof value} ${JSON.stringify(value)}`;
}

function navbarTypes(): string[] {
  return ['default', 'dropdown', 'search', 'html', 'doc', 'docSidebar', 'docsVersion', 'docsVersionDropdown', 'localeDropdown'];
}

/** The keys the schema allows at a path, for "did you mean" hints. */
function knownKeys(segments: PropertyKey[]): string[] {
  let schema: unknown = configSchema;
  for (const segment of segments) {
    schema = unwrap(schema);
    const shape = (schema as { shape?: Record<string, unknown> }).shape;
    const element = (schema as { element?: unknown }).element;
    if (typeof segment === 'number' && element) schema = element;
    else if (shape && typeof segment === 'string') schema = shape[segment];
    else return [];
  }
  const shape = (unwrap(schema) as { shape?: Record<string, unknown> }).shape;
  return shape ? Object.keys(shape) : [];
}

function unwrap(schema: unknown): unknown {
  let current = schema as { def?: { innerType?: unknown; type?: string; out?: unknown } } | undefined;
  while (current?.def && (current.def.innerType || current.def.type === 'pipe')) {
    current = (current.def.innerType ?? current.def.out) as typeof current;
  }
  return current;
}
