import type { ApiSchemaModel } from '../shared/page-models.ts';
import { type TwinTarget, twinLink } from './absolute-links.ts';
import { block, schemaList } from './openapi.ts';

// A named schema's page as Markdown, from the model its page is drawn from: its fields are the
// same list an operation's twin gives a request or response body (`schemaList`).

export function apiSchemaTwin(model: ApiSchemaModel, target: TwinTarget): string {
  return [
    `Schema \`${model.name}\` (${model.type}) of the [${model.overview.title}](${twinLink(model.overview.href, target)}).`,
    // A schema of one value (an enum, say) has no fields: what it allows is said here, in full.
    (model.constraints ?? []).join('; '),
    block(model.descriptionHtml, target),
    '## Fields',
    model.rows.length ? schemaList(model.rows, target) : 'No fields: a value of this type stands on its own.',
  ]
    .filter(Boolean)
    .join('\n\n');
}
