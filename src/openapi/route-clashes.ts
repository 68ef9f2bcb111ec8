import type { OpenApiSourceConfig } from '../config/schema.ts';
import type { Problem } from '../errors.ts';
import type { OpenApiDocument } from './load-spec.ts';
import { operationRoute, operationSlug, overviewRouteOf } from './pages.ts';
import { operationPointer } from './operation-locations.ts';
import type { OperationEntry } from './views.ts';

/**
 * Operations whose slugs meet on one route ("repos/get" and "reposGet" both become "repos-get",
 * or one slugs like the API's title). The route table would keep one page and drop the other, so
 * each clash is an error that names both operations by their JSON pointers. An operationId that
 * slugs to nothing ("日本語": CJK is not transliterated) would put its page on the folder's own
 * route: an error at the operationId's line (`locate` turns a pointer into file and line); so
 * would an info.title that slugs to nothing, for the overview page.
 */
export function routeClashes(source: OpenApiSourceConfig, spec: OpenApiDocument, operations: OperationEntry[], locate?: (pointer: string) => { file: string; line?: number }): Problem[] {
  const owners = new Map<string, string>([[overviewRouteOf(source, spec), `the overview page (from info.title "${spec.info.title}")`]]);
  const problems: Problem[] = [];
  if (overviewRouteOf(source, spec) === `/docs/${source.folder}/`) {
    problems.push({
      severity: 'error',
      ...(locate ? locate('/info/title') : { file: source.spec }),
      message: `info.title "${spec.info.title}" has nothing a URL can be made of (Latin letters or digits; Chinese, Japanese and Korean are not transliterated), so the overview page would have no route of its own`,
      hint: 'Give the overview page a slug on this openapi entry in portal.config.ts, such as overviewSlug: "reference".',
    });
  }
  for (const entry of operations) {
    const route = operationRoute(source, entry);
    const name = `${entry.webhook ? `webhook ${entry.path} ${entry.method.toUpperCase()}` : `${entry.method.toUpperCase()} ${entry.path}`} (${operationPointer(entry)})`;
    const id = entry.operation.operationId;
    if (id && operationSlug(entry, source.slugs) === '') {
      const pointer = `${operationPointer(entry)}/operationId`;
      problems.push({
        severity: 'error',
        ...(locate ? locate(pointer) : { file: source.spec }),
        message: `${name} has the operationId "${id}", which has nothing a URL can be made of (Latin letters or digits; Chinese, Japanese and Korean are not transliterated), so its page would have no route of its own`,
        hint: `Give it a slug in "slugs" of this openapi entry in portal.config.ts, such as slugs: { ${JSON.stringify(id)}: "get-user" }.`,
      });
      continue;
    }
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
