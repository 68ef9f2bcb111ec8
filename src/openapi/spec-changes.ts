import { apiCompare, type Diff } from 'api-smart-diff';
import { changeWords } from './spec-change-words.ts';

/**
 * What changed in an API between two versions of its OpenAPI description, as api-smart-diff
 * classifies it (breaking, non-breaking, deprecated): operations, parameters, request and
 * response fields added, removed, changed or deprecated. Only what callers meet is listed
 * (entries under `paths`, with their `$ref`s followed); changes to descriptions alone
 * ("annotation") are counted, not listed.
 */
export interface SpecChange {
  kind: 'added' | 'removed' | 'changed' | 'deprecated';
  breaking: boolean;
  /** The path of the change in the dereferenced description, from `paths`. */
  path: (string | number)[];
  /** `GET /v1/orgs` for an operation; the path item's URL for a whole path. */
  operation: string;
  /** Where in the operation, such as `parameters.0` or `responses.200.content.application/json.schema.properties.name`; empty for the operation itself. */
  where: string;
  /** api-smart-diff's own words for it, without its "[Added]"-style prefix. */
  description?: string;
  /** What it does, in words (spec-change-words.ts), where its place is one a reader knows. */
  words?: string;
  before?: unknown;
  after?: unknown;
}

export interface SpecComparison {
  changes: SpecChange[];
  /** Changes to description texts only, not listed. */
  descriptionChanges: number;
}

const methods = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);

const kindOf = (diff: Diff): SpecChange['kind'] => (diff.type === 'deprecated' ? 'deprecated' : diff.action === 'add' ? 'added' : diff.action === 'remove' ? 'removed' : 'changed');

/** A value as a short one-line text for the page (a schema or parameter as JSON, cut). */
export function shortValue(value: unknown): string | undefined {
  if (value === undefined) return undefined;
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  if (text === undefined) return undefined;
  return text.length > 160 ? `${text.slice(0, 157)}...` : text;
}

/** The changes from `before` to `after` (two dereferenced descriptions), in path order. */
export function compareSpecs(before: unknown, after: unknown): SpecComparison {
  const { diffs } = apiCompare(before, after);
  const changes: SpecChange[] = [];
  let descriptionChanges = 0;
  for (const diff of diffs) {
    if (diff.path[0] !== 'paths' || diff.path.length < 2) continue;
    if (diff.type === 'annotation') {
      descriptionChanges += 1;
      continue;
    }
    const url = String(diff.path[1]);
    const method = typeof diff.path[2] === 'string' && methods.has(diff.path[2]) ? diff.path[2] : undefined;
    const rest = diff.path.slice(method ? 3 : 2);
    const kind = kindOf(diff);
    const words = method ? changeWords(kind, diff.path, rest, before, after, diff) : undefined;
    changes.push({
      kind,
      breaking: diff.type === 'breaking',
      path: [...diff.path],
      operation: method ? `${method.toUpperCase()} ${url}` : url,
      where: rest.join('.'),
      description: diff.description?.replace(/^\[[^\]]*\]\s*/, ''),
      ...(words ? { words } : {}),
      before: diff.before,
      after: diff.after,
    });
  }
  return { changes, descriptionChanges };
}
