import type { ApiTagModel } from '../shared/page-models.ts';
import { type TwinTarget, twinLink } from './absolute-links.ts';
import { block } from './openapi.ts';

// A large API's group of operations as Markdown, from the model its page is drawn from: each
// operation linked to its twin, with its method and path.

export function apiTagTwin(model: ApiTagModel, target: TwinTarget): string {
  return [
    `A group of operations of the [${model.overview.title}](${twinLink(model.overview.href, target)}).`,
    model.pathPrefix ? `The operations on \`${model.pathPrefix}\` and the paths below it.` : '',
    block(model.descriptionHtml, target),
    '## Operations',
    model.operations.map((operation) => `- ${operation.method} [${operation.summary}](${twinLink(operation.href, target)}) \`${operation.path}\``).join('\n'),
  ]
    .filter(Boolean)
    .join('\n\n');
}
