import type { OpenApiSourceConfig } from '../../config/schema.ts';
import type { Problem } from '../../errors.ts';
import type { OpenApiDocument } from './load-spec.ts';
import { escapePointer } from './locate.ts';
import { operationRoute, overviewRouteOf } from './pages.tsx';
import type { OperationEntry } from './views.ts';

/**
 * Operations whose slugs meet on one route ("repos/get" and "reposGet" both become "repos-get",
 * or one slugs like the API's title). The route table would keep one page and drop the other, so
 * each clash is an error that names both operations by their JSON pointers.
 */
export function routeClashes(source: OpenApiSourceConfig, spec: OpenApiDocument, operations: OperationEntry[]): Problem[] {
  const owners = new Map<string, string>([[overviewRouteOf(source, spec), `the overview page (from info.title "${spec.info.title}")`]]);
  const problems: Problem[] = [];
  for (const entry of operations) {
    const route = operationRoute(source, entry);
    const name = entry.webhook ? `webhook ${entry.path} ${entry.method.toUpperCase()} (/webhooks/${escapePointer(entry.path)}/${entry.method})` : `${entry.method.toUpperCase()} ${entry.path} (/paths/${escapePointer(entry.path)}/${entry.method})`;
    const owner = owners.get(route);
    if (!owner) {
      owners.set(route, name);
      continue;
    }
    problems.push({
      severity: 'error',
      file: source.spec,
      message: `${name} gets the route ${route}, which ${owner} already has`,
      hint: entry.operation.operationId
        ? `Give "${entry.operation.operationId}" a slug of its own in "slugs" of this openapi entry in portal.config.ts.`
        : 'Give the operation an operationId (its slug comes from it), or a slug in "slugs" of this openapi entry in portal.config.ts.',
    });
  }
  return problems;
}
