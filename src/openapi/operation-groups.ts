import type { OpenApiDocument } from './load-spec.ts';
import type { OperationEntry } from './views.ts';

// A large API listed flat is hundreds of sidebar entries. It is grouped by tag (each operation's
// first) when its authors tagged it. Many large descriptions have no tags at all (Stripe's has
// none for 452 operations): their operations are grouped by the resource their path names, the
// first path segment after the prefix every path shares ("/v1/customers/{id}" -> customers), as
// Redoc and Scalar readers see such APIs grouped.

export interface OperationGroup {
  label: string;
  /** A tag the spec names, or a path segment (`/v1/customers`). */
  kind: 'tag' | 'path';
  /** The tag's name, or the group's path prefix ("/v1/customers"). */
  key: string;
  description?: string;
  members: OperationEntry[];
}

/**
 * The groups of a large API's operations, in the order their first operation comes (tags the
 * spec declares first, in its order). Operations no group takes stay ungrouped.
 */
export function groupOperations(spec: OpenApiDocument, operations: OperationEntry[]): OperationGroup[] {
  const tagOf = (entry: OperationEntry) => entry.operation.tags?.find((tag) => tag.trim());
  const declared = (spec.tags ?? []).map((tag) => tag.name);
  const used = [...new Set(operations.map(tagOf).filter((tag): tag is string => Boolean(tag)))];
  const order = [...declared.filter((tag) => used.includes(tag)), ...used.filter((tag) => !declared.includes(tag))];
  const groups: OperationGroup[] = order.map((tag) => ({
    label: tag,
    kind: 'tag',
    key: tag,
    description: spec.tags?.find((candidate) => candidate.name === tag)?.description,
    members: operations.filter((entry) => tagOf(entry) === tag),
  }));
  const untagged = operations.filter((entry) => !tagOf(entry));
  // Tags that leave most operations out do not group the API well: the rest go by path.
  if (untagged.length * 2 <= operations.length) return groups;
  const paths = untagged.filter((entry) => !entry.webhook);
  const prefix = sharedPrefix(paths.map((entry) => segments(entry.path)));
  const byPath = new Map<string, OperationGroup>();
  for (const entry of paths) {
    const segment = segments(entry.path)[prefix.length];
    if (!segment || segment.startsWith('{')) continue;
    const key = `/${[...prefix, segment].join('/')}`;
    let group = byPath.get(key);
    if (!group) byPath.set(key, (group = { label: labelOf(segment), kind: 'path', key, members: [] }));
    group.members.push(entry);
  }
  const webhooks = untagged.filter((entry) => entry.webhook);
  const pathGroups = [...byPath.values()];
  if (webhooks.length) pathGroups.push({ label: 'Webhooks', kind: 'path', key: 'webhooks', members: webhooks });
  // A label a tag already has would make two sidebar groups of one name: the path says which.
  const taken = new Set(groups.map((group) => group.label.toLowerCase()));
  for (const group of pathGroups) if (taken.has(group.label.toLowerCase())) group.label = group.key;
  return [...groups, ...pathGroups];
}

const segments = (path: string) => path.split('/').filter(Boolean);

/** The literal segments every path starts with ("v1"), never a parameter or a whole path. */
function sharedPrefix(paths: string[][]): string[] {
  if (!paths.length) return [];
  const prefix: string[] = [];
  for (let index = 0; ; index++) {
    const segment = paths[0][index];
    if (!segment || segment.startsWith('{')) return prefix;
    // Every path must go on past the prefix, so each still has a segment to be grouped by.
    if (!paths.every((path) => path[index] === segment && path.length > index + 1)) return prefix;
    prefix.push(segment);
  }
}

/** "billing_portal" -> "Billing portal", "payment-intents" -> "Payment intents". */
function labelOf(segment: string): string {
  const words = decodeURIComponent(segment).replace(/[_-]+/g, ' ').trim();
  return words ? words[0].toUpperCase() + words.slice(1) : segment;
}
