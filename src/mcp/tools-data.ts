import { closest } from '../errors.ts';
import { closeSymbolNames, findSymbols, type SymbolMatch } from './symbol-lookup.ts';
import { fence } from '../shared/markdown-fence.ts';
import { mcpOperationsUrl, mcpSymbolsUrl, type OperationEntry, type SymbolEntry } from '../markdown-twins/mcp-data.ts';
import { readPage, routeOf } from './read-page.ts';
import { formatSample, sampleList, type Sample, samplesIn, twinSamples } from './samples.ts';
import { readJson, type SiteSource } from './site-source.ts';

// lookup_symbol, get_operation and get_sample: answers from the data files the build publishes
// (/mcp/symbols.json, /mcp/operations.json) and from the pages' twins, read through the site source.

export type ToolAnswer = { text: string; isError?: boolean };

/** Matches lookup_symbol shows in full; the rest are named. */
const maxMatchesShown = 5;

export class SiteData {
  private symbols?: Promise<SymbolEntry[] | undefined>;
  private operations?: Promise<OperationEntry[] | undefined>;

  constructor(
    private readonly source: SiteSource,
    private readonly siteUrl: string,
  ) {}

  private missing(file: string): ToolAnswer {
    return { text: `${this.source.label} publishes no ${file}: it was built with a portal older than this tool. Use search and read_page instead.`, isError: true };
  }

  async lookupSymbol(name: string, packageName?: string): Promise<ToolAnswer> {
    const symbols = await (this.symbols ??= readJson<SymbolEntry[]>(this.source, mcpSymbolsUrl));
    if (!symbols) return this.missing(mcpSymbolsUrl);
    const inPackage = packageName ? symbols.filter((entry) => entry.package === packageName || entry.package.replace(/^@[^/]+\//, '') === packageName) : symbols;
    if (packageName && !inPackage.length) {
      const packages = [...new Set(symbols.map((entry) => entry.package))].sort();
      return { text: `No package "${packageName}" in the reference. Packages: ${packages.join(', ') || 'none'}.`, isError: true };
    }
    const found = findSymbols(inPackage, name);
    if (!found.length) {
      const suggestions = closeSymbolNames(inPackage, name);
      return { text: `No export or member named "${name}"${packageName ? ` in ${packageName}` : ''}.${suggestions.length ? ` Did you mean ${suggestions.map((suggestion) => `"${suggestion}"`).join(', ')}?` : ''} Use the search tool to look for it in the guides.`, isError: true };
    }
    const shown = found.slice(0, maxMatchesShown);
    const more = found.slice(maxMatchesShown).map(({ entry, member }) => (member ? `${entry.name}.${member.name}` : entry.name));
    return { text: [...shown.map((match) => this.formatSymbol(match)), ...(more.length ? [`${more.length} more match(es): ${more.join(', ')}. Pass "package" or "Export.member" to pick one.`] : [])].join('\n\n') };
  }

  private formatSymbol({ entry, member }: SymbolMatch): string {
    const url = (route: string) => `${this.siteUrl}${route}`;
    if (member) {
      return [
        `## ${entry.name}.${member.name} (${member.kind})`,
        `Member of: ${entry.kind} ${entry.name}, package ${entry.package}@${entry.version} (import { ${entry.name} } from '${entry.package}')`,
        `Reference: ${url(member.route)}`,
        `Route: ${member.route} (area: ${entry.area})`,
        '',
        fence(member.signature, 'ts'),
        ...(member.summary ? ['', member.summary] : []),
      ].join('\n');
    }
    return [
      `## ${entry.name} (${entry.kind})`,
      `Package: ${entry.package}@${entry.version} (import { ${entry.name} } from '${entry.package}')`,
      `Reference: ${url(entry.route)}`,
      `Route: ${entry.route} (area: ${entry.area})`,
      '',
      fence(entry.signature, 'ts'),
      ...(entry.summary ? ['', entry.summary] : []),
      ...(entry.members?.length ? ['', `### Members (${entry.members.length})`, '', ...entry.members.map((each) => `- \`${each.signature.split('\n')[0]}\` (${each.kind})${each.summary ? `: ${each.summary}` : ''} ${url(each.route)}`)] : []),
    ].join('\n');
  }

  private async findOperations(operation: string): Promise<OperationEntry[] | ToolAnswer> {
    const operations = await (this.operations ??= readJson<OperationEntry[]>(this.source, mcpOperationsUrl));
    if (!operations) return this.missing(mcpOperationsUrl);
    const wanted = operation.trim();
    const methodPath = /^([A-Za-z]+)\s+(\S+)$/.exec(wanted);
    let found: OperationEntry[] = [];
    if (methodPath) found = operations.filter((entry) => entry.method.toLowerCase() === methodPath[1].toLowerCase() && entry.path === methodPath[2]);
    else if (wanted.startsWith('/') || /^https?:\/\//.test(wanted)) found = operations.filter((entry) => entry.route === routeOf(wanted));
    else {
      found = operations.filter((entry) => entry.operationId === wanted);
      if (!found.length) found = operations.filter((entry) => entry.operationId.toLowerCase() === wanted.toLowerCase());
    }
    if (found.length) return found;
    const names = operations.flatMap((entry) => [entry.operationId, `${entry.method} ${entry.path}`, entry.route].filter(Boolean));
    const suggestion = closest(wanted, names);
    return { text: `No API operation "${wanted}".${suggestion ? ` Did you mean "${suggestion}"?` : ''} get_operation takes an operation ID ("createMeeting"), a method and path ("POST /meetings") or the operation's page route; search finds them.`, isError: true };
  }

  async getOperation(operation: string, language?: string): Promise<ToolAnswer> {
    const found = await this.findOperations(operation);
    if (!Array.isArray(found)) return found;
    return { text: found.map((entry) => this.formatOperation(entry, language)).join('\n\n---\n\n') };
  }

  private formatOperation(entry: OperationEntry, language: string | undefined): string {
    const parts = [`# ${entry.title}`, `\`${entry.method} ${entry.path}\`${entry.webhook ? ' (webhook: the API sends this request)' : ''}`, `Operation ID: \`${entry.operationId}\``, `Page: ${this.siteUrl}${entry.route}`];
    if (entry.deprecated) parts.push('Deprecated: this operation may be removed.');
    if (entry.description) parts.push(entry.description);
    if (entry.servers.length) parts.push(`Base URL: ${entry.servers.map((server) => `\`${server}\``).join(', ')}`);
    parts.push(`Authentication: ${entry.security.length ? entry.security.map((scheme) => `\`${scheme.name}\` (${scheme.summary})`).join(', ') : 'none (the request carries its own credentials, or the call is public)'}`);
    if (entry.parameters.length) {
      parts.push('## Parameters', entry.parameters.map((parameter) => `- \`${parameter.name}\` (${[parameter.in, parameter.type, parameter.required ? 'required' : 'optional', ...parameter.constraints, parameter.deprecated ? 'deprecated' : ''].filter(Boolean).join(', ')})${parameter.description ? `: ${parameter.description.replace(/\s*\n\s*/g, ' ')}` : ''}`).join('\n'));
    }
    if (entry.requestBody) {
      const body = entry.requestBody;
      parts.push('## Request body', `\`${body.contentType}\`${body.schemaType ? `, ${body.schemaType}` : ''}, ${body.required ? 'required' : 'optional'}`);
      if (body.description) parts.push(body.description);
      if (body.schema) parts.push(body.schema);
    }
    parts.push('## Responses');
    for (const response of entry.responses) {
      parts.push(`### ${response.status}${response.contentType ? ` (\`${response.contentType}\`${response.schemaType ? `, ${response.schemaType}` : ''})` : ''}`);
      if (response.description) parts.push(response.description);
      if (response.schema) parts.push(response.schema);
    }
    const samples = language ? samplesIn(entry.samples, language) : entry.samples;
    if (language && !samples.length) parts.push('## Request samples', `No ${language} sample for this operation. Languages: ${entry.samples.map((sample) => sample.label).join(', ') || 'none'}.`);
    else if (samples.length) parts.push('## Request samples', ...samples.flatMap((sample) => [`### ${sample.label}`, fence(sample.code, sample.language)]));
    return parts.join('\n\n');
  }

  async getSample(page: string, index?: number, language?: string): Promise<ToolAnswer> {
    const route = routeOf(page);
    const operations = (await (this.operations ??= readJson<OperationEntry[]>(this.source, mcpOperationsUrl))) ?? [];
    const operation = operations.find((entry) => entry.route === route);
    let samples: Sample[];
    if (operation) {
      // An API operation's samples, one per language, from the view its page shows them from.
      samples = operation.samples.map((sample, position) => ({ index: position + 1, language: sample.language, label: sample.label, code: sample.code }));
    } else {
      const twin = await readPage(this.source, page);
      if (!twin.ok) return { text: twin.message, isError: true };
      samples = twinSamples(twin.markdown);
    }
    if (!samples.length) return { text: `${route} has no code samples.`, isError: true };
    if (index !== undefined) {
      const sample = samples[index - 1];
      if (!sample) return { text: `${route} has ${samples.length} sample(s); "index" must be from 1 to ${samples.length}.`, isError: true };
      return { text: formatSample(sample, route) };
    }
    const picked = language ? samplesIn(samples, language) : samples;
    if (language && !picked.length) {
      return { text: `No ${language} sample on ${route}. Languages there: ${[...new Set(samples.map((sample) => sample.language || 'none'))].join(', ')}.`, isError: true };
    }
    return { text: picked.length === 1 ? formatSample(picked[0], route) : sampleList(picked, route) };
  }
}
