import path from 'node:path';
import { bundle, dereference, MissingPointerError, validate, type ValidationResult } from '@readme/openapi-parser';
import type { OpenAPIV2, OpenAPIV3, OpenAPIV3_1 } from 'openapi-types';
import { convertObj } from 'swagger2openapi';
import { visit } from 'yaml';
import { PortalError, type Problem } from '../errors.ts';
import { checkProjectFile, readPublishableFile } from '../util/project-files.ts';
import { aliasExpansionHint, aliasExpansionMessage, yamlValue } from '../util/yaml-value.ts';
import { loneSurrogateHint, loneSurrogateIn } from '../util/lone-surrogate.ts';
import { decodeRefPath, escapePointer, lineOfPointer, locatePointer, parseSpecSource, pointerAtJsonLine, pointersOfTexts, type SpecSource } from './locate.ts';
import { tooDeepProblem } from './nesting-depth.ts';
import { reuseCompiledOpenApiSchemas } from './openapi-schema-cache.ts';
import { bareRefCycles, type RefPlace } from './ref-cycles.ts';
import { projectRefResolvers, type RefusedRef, refTarget, refTargetOf } from './ref-resolvers.ts';
import { schemaViolations } from './schema-violations.ts';
import { validationInput } from './validation-input.ts';

// Specs reuse anchors more than front matter does (a plain anchor named thousands of times is
// fine); nested aliases that multiply pass this quickly.
const specAliasLimit = 10_000;

// The validator compiles the OpenAPI schema once per process, not once per description.
reuseCompiledOpenApiSchemas();

export type OpenApiDocument = OpenAPIV3.Document | OpenAPIV3_1.Document;

export interface LoadedSpec {
  /** Dereferenced: every $ref replaced by what it points to (circular schemas stay circular). */
  document: OpenApiDocument;
  /** Description or summary text -> the JSON pointer of its first occurrence in the file. */
  textPointers: Map<string, string>;
  /**
   * The description as one document: what other files its $refs name inlined, its own internal
   * $refs kept. The very input `document` was dereferenced from, published for download.
   */
  bundled: object;
  /** Said once in the build output (a Swagger 2.0 file converted to OpenAPI 3.0). */
  notes: string[];
  /** Where a JSON pointer of the description is written: the file (as the writer names it) and line. */
  locate: (pointer: string) => { file: string; line?: number };
}

/**
 * Reads, validates and dereferences one OpenAPI description, which may be split over several
 * files ($refs are resolved relative to the file they are written in). Every problem names the
 * file that holds it, the line, the JSON pointer and the validator's message, each distinct
 * problem once; nothing is rendered from an invalid description. Swagger 2.0 is converted first.
 * The spec and every file its $refs reach must really be inside `roots` (no network, no
 * "/proc/self/environ"): a $ref elsewhere is an error where it is written.
 */
export async function loadSpec(absoluteFile: string, displayFile: string, roots: readonly string[]): Promise<LoadedSpec> {
  const main = checkProjectFile(absoluteFile, roots);
  if (main.status === 'missing') {
    throw new PortalError({ severity: 'error', file: displayFile, message: 'OpenAPI file not found', hint: 'Check the "spec" path in portal.config.ts (relative to the config file).' });
  }
  if (main.status === 'refused') throw new PortalError({ severity: 'error', file: displayFile, message: `the spec ${main.refusal.reason}`, hint: main.refusal.hint });
  const sources = new Map<string, SpecSource | undefined>();
  // Files are read here only to point at lines, and only the ones the $refs may read.
  const read = (file: string) => {
    if (!sources.has(file)) {
      const read = readPublishableFile(file, roots);
      sources.set(file, read.status === 'ok' ? parseSpecSource(read.bytes.toString('utf8')) : undefined);
    }
    return sources.get(file);
  };
  // Files other than the main one are named relative to it, as the writer sees them.
  const display = (file: string) => (file === absoluteFile ? displayFile : path.join(path.dirname(displayFile), path.relative(path.dirname(absoluteFile), file)));
  const refused: RefusedRef[] = [];
  const resolvers = projectRefResolvers(roots, (ref) => refused.push(ref));
  // Each pass of the parser may meet the same $ref: each is said once.
  const refusedProblems = () => {
    const sites = refSites(absoluteFile, valueOf);
    return new PortalError([...new Map(refused.map((ref) => [`${ref.file}#${ref.pointer}`, refusedRefProblem(ref, sites, absoluteFile, displayFile, display, read)])).values()]);
  };
  const source = read(absoluteFile)!;
  // Nesting too deep for the YAML parser's recursion reads as a parse error: said as what it is.
  if (source.tooDeep) throw new PortalError(tooDeepProblem(source, displayFile));
  if (source.document.errors.length) {
    const [error] = source.document.errors;
    const { line, col } = source.lineCounter.linePos(error.pos[0]);
    throw new PortalError({ severity: 'error', file: displayFile, line, column: col, message: `the spec is not valid YAML: ${error.message.split('\n')[0]}` });
  }
  // Each file's value, expanded once.
  const values = new Map<string, ReturnType<typeof yamlValue> | undefined>();
  const valueOf = (file: string) => {
    if (!values.has(file)) {
      const parsed = read(file);
      values.set(file, parsed && !parsed.document.errors.length ? yamlValue(parsed.document, specAliasLimit) : undefined);
    }
    return values.get(file);
  };
  // Alias bombs and "\uD800" escapes, in the spec and every file its $refs reach, before the
  // parser reads them (it would expand the aliases) or a page or the search index gets the text.
  const reached = new Set<string>();
  refSites(absoluteFile, valueOf, reached);
  const textProblems = [...reached].flatMap((file) => (read(file)?.tooDeep ? [tooDeepProblem(read(file)!, display(file))] : sourceTextProblems(read(file), valueOf(file), display(file))));
  if (textProblems.length) throw new PortalError(textProblems);
  // The parser stops at the first $ref it may not read: each is checked here first, so one build names them all.
  for (const site of refSites(absoluteFile, valueOf)) {
    const [refFile] = site.ref.split('#');
    const target = refFile ? refTarget(refTargetOf(site.file, refFile), roots) : undefined;
    if (target && 'refusal' in target) refused.push({ file: site.file, pointer: site.pointer, ref: site.ref, missing: target.missing, ...target.refusal });
  }
  if (refused.length) throw refusedProblems();
  const raw = (valueOf(absoluteFile) as { value: unknown }).value;
  const notes: string[] = [];
  let input: string | OpenApiDocument = absoluteFile;
  if (raw && typeof raw === 'object' && 'swagger' in raw) {
    // The converter resolves $refs with a reader of its own: every file it will read is checked
    // first through the same resolvers (bundling reads each $ref, nested ones too).
    await bundle(absoluteFile, resolvers).catch(() => undefined);
    if (refused.length) throw refusedProblems();
    input = await convertSwagger(raw as OpenAPIV2.Document, absoluteFile, displayFile);
    notes.push(`${displayFile}: Swagger ${String((raw as { swagger: unknown }).swagger)} converted to OpenAPI ${input.openapi} for this build (swagger2openapi); convert the file itself to drop this note.`);
  } else if (!raw || typeof raw !== 'object' || !('openapi' in raw)) {
    throw new PortalError({ severity: 'error', file: displayFile, line: 1, message: 'not an OpenAPI document (no "openapi" field, nor "swagger" for 2.0)', hint: 'Start the file with "openapi: 3.1.0" (or 3.0.x), or "swagger: \'2.0\'" for a Swagger 2.0 file.' });
  } else if (typeof raw.openapi !== 'string' || !/^3\.[01]\./.test(raw.openapi)) {
    throw new PortalError({ severity: 'error', file: displayFile, line: source.lineCounter.linePos(0).line, message: `OpenAPI ${String(raw.openapi)} is not supported (3.0.x and 3.1.x are)`, hint: 'Publish the description as OpenAPI 3.1 or 3.0.' });
  }
  // Before bundling, which rewrites such a cycle: each place is where the writer wrote it.
  const expandedFiles = new Map([...reached].flatMap((file) => {
    const expanded = valueOf(file);
    return expanded && 'value' in expanded ? [[file, expanded.value] as const] : [];
  }));
  const cycles = bareRefCycles(expandedFiles);
  if (cycles.length) {
    const shown = (place: RefPlace) => (place.file === absoluteFile ? place.pointer || '#' : `${display(place.file)}${place.pointer ? `#${place.pointer}` : ''}`);
    throw new PortalError(cycles.map((cycle) => {
      const [first] = cycle;
      const firstSource = read(first.file);
      return {
        severity: 'error' as const,
        file: display(first.file),
        line: firstSource && lineOfPointer(firstSource, first.pointer),
        message: `${first.pointer ? `invalid OpenAPI at ${first.pointer}` : 'invalid OpenAPI'}: its $ref leads back to itself through nothing but $refs (${[...cycle, first].map(shown).join(' -> ')}), so it names no schema`,
        hint: 'Make one of them a schema of its own (type, properties, …), or point its $ref at one.',
      };
    }));
  }
  // The parser reads the files itself (from the path) so that relative $refs resolve against the
  // file they are in; a converted Swagger file has had its $refs resolved by the converter.
  const locate = (pointer: string) => {
    const where = locatePointer(absoluteFile, pointer, read);
    return { file: display(where.file), line: where.line };
  };
  let result: ValidationResult;
  let checked: OpenApiDocument | undefined;
  try {
    checked = await validationInput(input, resolvers);
    result = await validate(structuredClone(checked), { ...resolvers, validate: { errors: { colorize: false } } });
  } catch (error) {
    if (refused.length) throw refusedProblems();
    // Bundling meets a $ref to a missing pointer first; the validator would have said the same.
    if (error instanceof MissingPointerError) result = { valid: false, errors: [{ message: error.message }], warnings: [], additionalErrors: 0, specification: null };
    else throw new PortalError(referenceProblem(error, refSites(absoluteFile, valueOf), displayFile, display, read));
  }
  if (!result.valid) {
    // The validator quotes a JSON rendering of the description with its $refs replaced (circular
    // ones left as $refs): a pointer into that is followed back through the $refs to the source.
    const validatorView = checked && (await dereference(structuredClone(checked), { ...resolvers, dereference: { circular: 'ignore' } }).catch(() => undefined));
    const lines = validatorView ? JSON.stringify(validatorView, null, 2).split('\n') : [];
    const sites = refSites(absoluteFile, valueOf);
    const located = result.errors.map((error) => locateProblem(error.message, sites, validatorView, lines, displayFile, locate, display, read));
    if (result.additionalErrors && validatorView) {
      // The rest, which the validator only counted: each where it is, in the schema's words.
      const detailed = new Set(located.map((problem) => problem.pointer));
      for (const violation of schemaViolations(validatorView)) {
        if (detailed.has(violation.pointer)) continue;
        located.push({ ...locate(violation.pointer), severity: 'error', pointer: violation.pointer, message: `invalid OpenAPI at ${violation.pointer}: ${violation.message}` });
      }
    }
    const seen = new Set<string>();
    const distinct = located.filter(({ pointer, ...problem }) => {
      const key = `${problem.file}:${problem.line}:${pointer === undefined ? problem.message : problem.message.slice(`invalid OpenAPI at ${pointer}: `.length)}`;
      return !seen.has(key) && seen.add(key);
    }).map(({ pointer: _, ...problem }): Problem => problem);
    throw new PortalError(distinct);
  }
  const textPointers = pointersOfTexts(raw);
  // Circular schemas stay circular objects; the schema view stops at a repeat.
  const document = (await dereference(structuredClone(input), { ...resolvers, dereference: { circular: true } })) as OpenApiDocument;
  const bundled = (await bundle(structuredClone(input), resolvers)) as object;
  return { document, bundled, textPointers, notes, locate };
}

async function convertSwagger(raw: OpenAPIV2.Document, absoluteFile: string, displayFile: string): Promise<OpenApiDocument> {
  try {
    // patch: mend the small slips the converter knows (and many real 2.0 files have).
    const converted = await convertObj(structuredClone(raw), { patch: true, warnOnly: true, resolve: true, source: absoluteFile, direct: false });
    return converted.openapi as OpenApiDocument;
  } catch (error) {
    throw new PortalError({ severity: 'error', file: displayFile, message: `this Swagger 2.0 file could not be converted to OpenAPI 3: ${(error as Error).message.split('\n')[0]}`, hint: 'Fix what the converter names, or convert the file to OpenAPI 3 and point "spec" at the result.' });
  }
}

/** A $ref the resolvers did not read (outside the allowed folders, remote, or missing), where it is written. */
function refusedRefProblem(ref: RefusedRef, sites: RefSite[], mainFile: string, displayFile: string, display: (file: string) => string, read: (file: string) => SpecSource | undefined): Problem {
  const file = ref.file || mainFile;
  const source = read(file);
  const at = ref.pointer ? ` at ${ref.pointer}` : '';
  // The parser passes the $ref without its "#fragment": quote it as written.
  const written = sites.find((site) => site.file === file && site.pointer === ref.pointer)?.ref ?? ref.ref;
  const where = { severity: 'error' as const, file: file === mainFile ? displayFile : display(file), line: source && lineOfPointer(source, ref.pointer) };
  if (ref.missing) return { ...where, message: `invalid OpenAPI${at}: cannot read "${written.split('#')[0]}" (ENOENT)`, hint: relativeRefHint(written) };
  return { ...where, message: `invalid OpenAPI${at}: the $ref "${written}" ${ref.reason}`, hint: ref.hint };
}

/** A $ref that names a missing file or pointer, or a document the parser cannot read at all. */
function referenceProblem(error: unknown, sites: RefSite[], displayFile: string, display: (file: string) => string, read: (file: string) => SpecSource | undefined): Problem {
  const message = (error as Error).message ?? String(error);
  const target = /\$ref pointer "([^"]+)"/.exec(message)?.[1] ?? /Error (?:opening|reading) file "?([^":]+)/.exec(message)?.[1];
  const site = target ? findRefSite(sites, target) : undefined;
  const source = site && read(site.file);
  const unreadable = /Error (?:opening|reading) file/.test(message) && site ? `cannot read "${site.ref.split('#')[0]}" (${/\b(E[A-Z]+)\b/.exec(message)?.[1] ?? 'unreadable'})` : message.split('\n')[0];
  return {
    severity: 'error',
    file: site ? display(site.file) : displayFile,
    line: site && source ? lineOfPointer(source, site.pointer) : undefined,
    message: `${site ? `invalid OpenAPI at ${site.pointer}: ` : 'cannot read the description: '}${unreadable}`,
    hint: site ? relativeRefHint(site.ref) : undefined,
  };
}

const relativeRefHint = (ref: string) => `The $ref "${ref}" is resolved relative to the file it is written in: fix the path or the pointer after "#".`;

/** A $ref as written: the file holding it, its JSON pointer there, and its text. */
interface RefSite {
  file: string;
  pointer: string;
  ref: string;
}

/** Every $ref in the main file and the files it reaches (added to `files`, when given). */
function refSites(mainFile: string, valueOf: (file: string) => ReturnType<typeof yamlValue> | undefined, files = new Set<string>()): RefSite[] {
  const sites: RefSite[] = [];
  const visit = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    const expanded = valueOf(file);
    if (!expanded || !('value' in expanded)) return;
    const walk = (node: unknown, pointer: string) => {
      if (!node || typeof node !== 'object') return;
      for (const [key, child] of Object.entries(node)) {
        if (key === '$ref' && typeof child === 'string') {
          sites.push({ file, pointer, ref: child });
          const [refFile] = child.split('#');
          if (refFile && /\.(ya?ml|json)$/i.test(refFile) && !/^[a-z]+:/i.test(refFile)) visit(path.resolve(path.dirname(file), decodeRefPath(refFile)));
        } else walk(child, `${pointer}/${escapePointer(key)}`);
      }
    };
    walk(expanded.value, '');
  };
  visit(mainFile);
  return sites;
}

/** What in one file of a spec no build should read on: aliases that expand past the limit, lone surrogates. */
function sourceTextProblems(source: SpecSource | undefined, expanded: ReturnType<typeof yamlValue> | undefined, file: string): Problem[] {
  if (!source) return [];
  const lineAt = (offset: number) => source.lineCounter.linePos(offset).line;
  if (expanded && 'aliasOffset' in expanded) return [{ severity: 'error', file, line: lineAt(expanded.aliasOffset), message: `the spec: ${aliasExpansionMessage}`, hint: aliasExpansionHint }];
  const problems: Problem[] = [];
  visit(source.document, {
    Scalar: (_key, node) => {
      const code = typeof node.value === 'string' ? loneSurrogateIn(node.value) : undefined;
      if (code) problems.push({ severity: 'error', file, line: lineAt(node.range?.[0] ?? 0), message: `the spec holds ${code}, half of a surrogate pair, which no page or search index can hold`, hint: loneSurrogateHint });
    },
  });
  return problems;
}

/** The $ref whose target is `target`: an absolute file (maybe with a #fragment), or a "#/pointer" the parser did not find. */
function findRefSite(sites: RefSite[], target: string): RefSite | undefined {
  const [file, fragment] = target.split('#');
  const resolves = (site: RefSite) => {
    const [refFile, refFragment] = site.ref.split('#');
    const sameFile = refFile ? path.resolve(path.dirname(site.file), decodeRefPath(refFile)) === file : !file || file === site.file;
    return sameFile && (fragment === undefined || refFragment === fragment);
  };
  return sites.find(resolves) ?? sites.find((site) => fragment !== undefined && site.ref.split('#')[1] === fragment);
}

function locateProblem(
  message: string,
  sites: RefSite[],
  validatorView: unknown,
  viewLines: string[],
  file: string,
  locate: (pointer: string) => { file: string; line?: number },
  display: (file: string) => string,
  read: (file: string) => SpecSource | undefined,
): Problem & { pointer?: string } {
  let pointer: string | undefined;
  const frame = /^>\s*(\d+)\s*\|(.*)$/m.exec(message);
  // Trust the frame's line number only where that line matches the rendering it was quoted from.
  const frameLine = frame && viewLines[Number(frame[1]) - 1]?.trim() === frame[2].trim() ? Number(frame[1]) : undefined;
  const missingRef = /Missing \$ref pointer "([^"]+)"/.exec(message)?.[1];
  const pathMention = /`(\/paths\/[^`]+)`/.exec(message)?.[1];
  const missingSite = missingRef ? findRefSite(sites, missingRef) : undefined;
  if (missingRef) {
    const source = missingSite && read(missingSite.file);
    return {
      pointer: missingSite?.pointer,
      severity: 'error',
      file: missingSite ? display(missingSite.file) : file,
      line: missingSite && source ? lineOfPointer(source, missingSite.pointer) : undefined,
      message: `invalid OpenAPI${missingSite ? ` at ${missingSite.pointer}` : ''}: the $ref "${missingSite?.ref ?? missingRef}" points at nothing`,
      hint: `Define ${missingRef.replace(/^.*#\//, '').replace(/\//g, '.')}${missingSite && !missingSite.ref.startsWith('#') ? ` in ${missingSite.ref.split('#')[0]}` : ''} or fix the $ref.`,
    };
  }
  if (frameLine) pointer = pointerAtJsonLine(validatorView, frameLine);
  else if (pathMention) {
    // The validator writes "/paths/a/{id}/get" without escaping the path's own slashes.
    const match = /^\/paths(\/.*)\/(get|put|post|delete|patch|options|head|trace)$/.exec(pathMention);
    pointer = match ? `/paths/${match[1].replace(/~/g, '~0').replace(/\//g, '~1')}/${match[2]}` : pathMention;
  }
  // "ENUM must be equal to one of the allowed values\n(array, ...)": keep the rule and the list.
  const summary = message.split('\n\n')[0].replace(/^[A-Z ]+ (?=must)/, '').replace(/\s*\n\s*/g, ' ');
  const detail = /\^+ (.*)$/m.exec(message)?.[1];
  const offending = frame?.[2].trim();
  const where = pointer ? locate(pointer) : { file };
  return {
    pointer,
    severity: 'error',
    file: where.file,
    line: where.line,
    message: `invalid OpenAPI${pointer ? ` at ${pointer}` : ''}: ${frame ? `${summary}${detail ? `: ${detail}` : ''}${!pointer && offending ? ` (at ${offending})` : ''}` : summary}`,
  };
}
