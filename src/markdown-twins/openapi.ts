import { responseTitle } from '../shared/api-ids.ts';
import { type AllValues, allValuesWords, type OperationView, type OverviewView, type ParameterView, type SchemaRow, schemaReferenceWords } from '../shared/api-model.ts';
import { absoluteUrl, type TwinTarget, twinLink } from './absolute-links.ts';
import { htmlToMarkdown } from './html-to-markdown.ts';
import { sampleCheckLine } from '../shared/sample-check.ts';
import { fence } from '../shared/markdown-fence.ts';

// API pages' twins come from the same views their HTML templates render, so an assistant reads
// the real method, path, parameters, schemas and the very samples the page shows.

/** Inline text from a description's HTML, for table cells and list items (one line). */
export const inline = (html: string | undefined, target: TwinTarget) => (html ? htmlToMarkdown(html, target.siteUrl, target.route).replace(/\s*\n\s*/g, ' ') : '');
export const block = (html: string | undefined, target: TwinTarget) => (html ? htmlToMarkdown(html, target.siteUrl, target.route) : '');
const cell = (text: string) => text.replace(/\|/g, '\\|');

function parameterTable(parameters: ParameterView[], target: TwinTarget): string {
  const rows = parameters.map((parameter) => {
    const name = `\`${parameter.name}\`${parameter.required ? ' (required)' : ''}${parameter.deprecated ? ' (deprecated)' : ''}`;
    const description = [inline(parameter.descriptionHtml, target), parameter.constraints.join('; '), allValuesLine(parameter.allValues, target)].filter(Boolean).join(' ');
    return `| ${cell(name)} | ${parameter.in} | ${cell(parameter.type)} | ${cell(description)} |`;
  });
  return ['| Name | In | Type | Description |', '| --- | --- | --- | --- |', ...rows].join('\n');
}

/** A cut enum's link to its full list, as the page words it: a schema page's twin, or the description file. */
function allValuesLine(allValues: AllValues | undefined, target: TwinTarget): string {
  if (!allValues) return '';
  const href = allValues.kind === 'page' ? twinLink(allValues.href, target) : absoluteUrl(allValues.href, target.siteUrl, target.route);
  return `${allValuesWords(allValues)}[${allValues.label}](${href}).`;
}

/** A schema as a nested list: one item per field, with type, required, constraints and description. */
export function schemaList(rows: SchemaRow[], target: TwinTarget, depth = 0): string {
  const indent = '  '.repeat(depth);
  const lines: string[] = [];
  for (const row of rows) {
    const facts = [row.type, row.required ? 'required' : '', ...row.constraints].filter(Boolean).join(', ');
    const description = inline(row.descriptionHtml, target);
    // A schema shown elsewhere: the page's sentence, its link to the twin that shows it.
    const shownElsewhere = row.ref ? schemaReferenceWords(row.ref.kind).join(`[${row.ref.label}](${twinLink(row.ref.href, target)})`) : '';
    const notes = [allValuesLine(row.allValues, target), description, shownElsewhere].filter(Boolean).join(' ');
    lines.push(`${indent}- ${row.name ? `\`${row.name}\` ` : ''}(${facts})${notes ? `: ${notes}` : ''}`);
    if (row.children.length) lines.push(schemaList(row.children, target, depth + 1));
    for (const option of row.variants?.options ?? []) {
      lines.push(`${indent}  - ${row.variants!.kind === 'oneOf' ? 'One of' : 'Any of'}: ${option.label}`);
      if (option.rows.length) lines.push(schemaList(option.rows, target, depth + 2));
    }
  }
  return lines.join('\n');
}

const alsoAs = (types: string[] | undefined) => (types?.length ? ` (also as ${types.map((type) => `\`${type}\``).join(', ')})` : '');

export function operationTwin(view: OperationView, target: TwinTarget): string {
  const parts: string[] = [`\`${view.method} ${view.path}\``];
  if (view.operationId) parts.push(`Operation ID: \`${view.operationId}\``);
  if (view.deprecated) parts.push('> **Deprecated**: this operation may be removed.');
  parts.push(block(view.descriptionHtml, target));
  parts.push('## Request');
  if (view.servers.length) parts.push(`Base URL: ${view.servers.map((server) => `\`${server}\``).join(', ')}`);
  parts.push('### Authentication');
  parts.push(
    view.security.length
      ? view.security.map((scheme) => `- \`${scheme.name}\`: ${scheme.summary}${scheme.descriptionHtml ? ` ${inline(scheme.descriptionHtml, target)}` : ''}`).join('\n')
      : 'No authentication: this call is public or carries its own credentials in the body.',
  );
  if (view.parameters.length) parts.push('### Parameters', parameterTable(view.parameters, target));
  if (view.requestBody) {
    parts.push('### Request body', `\`${view.requestBody.contentType}\`${alsoAs(view.requestBody.otherContentTypes)}${view.requestBody.schemaType ? `, ${view.requestBody.schemaType}` : ''}, ${view.requestBody.required ? 'required' : 'optional'}`);
    parts.push(block(view.requestBody.descriptionHtml, target));
    if (view.requestBody.rows.length) parts.push(schemaList(view.requestBody.rows, target));
    if (view.requestBody.exampleHtml) parts.push(block(view.requestBody.exampleHtml, target));
  }
  parts.push('## Responses');
  for (const response of view.responses) {
    parts.push(`### ${responseTitle(response.status)}`, block(response.descriptionHtml, target));
    if (response.contentType) parts.push(`Body: \`${response.contentType}\`${alsoAs(response.otherContentTypes)}${response.schemaType ? `, ${response.schemaType}` : ''}`);
    if (response.rows.length) parts.push(schemaList(response.rows, target));
    if (response.headers.length) parts.push('Headers:', parameterTable(response.headers, target));
    for (const example of response.examples) {
      // The check line right after the fence, as the page shows it under the example.
      parts.push(`${example.label}:`, `${fence(example.code, /json/i.test(response.contentType ?? '') ? 'json' : 'text')}${example.check ? `\n${sampleCheckLine(example.check)}` : ''}`);
    }
  }
  if (view.samples.length) {
    parts.push('## Request samples', 'Replace the example values; secrets are read from environment variables.');
    // The check line right after the fence, as the page shows it under the sample.
    for (const sample of view.samples) parts.push(`### ${sample.label}`, `${fence(sample.code, sample.language)}${sample.check ? `\n${sampleCheckLine(sample.check)}` : ''}`);
  }
  return parts.filter(Boolean).join('\n\n');
}

export function overviewTwin(view: OverviewView, target: TwinTarget): string {
  const parts: string[] = [`Version ${view.version}`];
  if (view.download) {
    const [yaml, json] = [view.download.yaml, view.download.json].map((href) => absoluteUrl(href, target.siteUrl, target.route));
    parts.push(`The description these pages are built from (OpenAPI, to import into Postman or a code generator): [openapi.yaml](${yaml}) or [openapi.json](${json}).`);
  }
  parts.push(block(view.descriptionHtml, target), block(view.guideHtml, target));
  if (view.servers.length) {
    parts.push('## Servers', view.servers.map((server) => `- \`${server.url}\`${server.descriptionHtml ? `: ${inline(server.descriptionHtml, target)}` : ''}`).join('\n'));
  }
  if (view.security.length) {
    parts.push('## Security schemes', view.security.map((scheme) => `- \`${scheme.name}\`: ${scheme.summary}${scheme.descriptionHtml ? ` ${inline(scheme.descriptionHtml, target)}` : ''}`).join('\n'));
  }
  if (view.errorModel) parts.push('## Error model', `\`${view.errorModel.name}\``, schemaList(view.errorModel.rows, target));
  parts.push(
    '## Operations',
    view.operations.map((operation) => `- [${operation.summary}](${absoluteUrl(operation.href, target.siteUrl, target.route)}.md): \`${operation.method.toUpperCase()} ${operation.path}\``).join('\n'),
  );
  return parts.filter(Boolean).join('\n\n');
}
