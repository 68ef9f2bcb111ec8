import fs from 'node:fs';
import { dereference, validate } from '@readme/openapi-parser';
import type { OpenAPIV3, OpenAPIV3_1 } from 'openapi-types';
import { PortalError, type Problem } from '../../errors.ts';
import { lineOfPointer, parseSpecSource, pointerAtJsonLine, pointerOfRef, pointersOfTexts } from './locate.ts';

export type OpenApiDocument = OpenAPIV3.Document | OpenAPIV3_1.Document;

export interface LoadedSpec {
  /** Dereferenced: every $ref replaced by what it points to (circular schemas stay circular). */
  document: OpenApiDocument;
  /** Description or summary text -> the JSON pointer of its first occurrence in the file. */
  textPointers: Map<string, string>;
}

/**
 * Reads, validates and dereferences one OpenAPI file. Every problem names the spec file, the
 * line, the JSON pointer and the validator's message; nothing is rendered from an invalid spec.
 */
export async function loadSpec(absoluteFile: string, displayFile: string): Promise<LoadedSpec> {
  if (!fs.existsSync(absoluteFile)) {
    throw new PortalError({ severity: 'error', file: displayFile, message: 'OpenAPI file not found', hint: 'Check the "spec" path in portal.config.ts (relative to the config file).' });
  }
  const source = parseSpecSource(fs.readFileSync(absoluteFile, 'utf8'));
  if (source.document.errors.length) {
    const [error] = source.document.errors;
    throw new PortalError({
      severity: 'error',
      file: displayFile,
      line: source.lineCounter.linePos(error.pos[0]).line,
      column: source.lineCounter.linePos(error.pos[0]).col,
      message: `the spec is not valid YAML: ${error.message.split('\n')[0]}`,
    });
  }
  const raw = source.document.toJS() as OpenApiDocument;
  if (!raw || typeof raw !== 'object' || !('openapi' in raw)) {
    throw new PortalError({ severity: 'error', file: displayFile, line: 1, message: 'not an OpenAPI 3 document (no "openapi" field)', hint: 'Start the file with "openapi: 3.1.0" (or 3.0.x).' });
  }
  const result = await validate(structuredClone(raw), { validate: { errors: { colorize: false } } });
  if (!result.valid) {
    throw new PortalError(result.errors.map((error) => locateProblem(error.message, raw, source, displayFile)));
  }
  const textPointers = pointersOfTexts(raw);
  // Circular schemas stay circular objects; the schema view stops at a repeat.
  const document = (await dereference(structuredClone(raw), { dereference: { circular: true } })) as OpenApiDocument;
  return { document, textPointers };
}

function locateProblem(message: string, raw: unknown, source: ReturnType<typeof parseSpecSource>, file: string): Problem {
  let pointer: string | undefined;
  const frame = /^>\s*(\d+)\s*\|(.*)$/m.exec(message);
  // The frame numbers lines of the validator's own JSON rendering; trust it only where that
  // line matches ours (a spec with $refs may be rendered differently).
  const frameLine = frame && JSON.stringify(raw, null, 2).split('\n')[Number(frame[1]) - 1]?.trim() === frame[2].trim() ? frame[1] : undefined;
  const missingRef = /Missing \$ref pointer "([^"]+)"/.exec(message)?.[1];
  const pathMention = /`(\/paths\/[^`]+)`/.exec(message)?.[1];
  if (missingRef) pointer = pointerOfRef(raw, missingRef);
  else if (frameLine) pointer = pointerAtJsonLine(raw, Number(frameLine));
  else if (pathMention) {
    // The validator writes "/paths/a/{id}/get" without escaping the path's own slashes.
    const match = /^\/paths(\/.*)\/(get|put|post|delete|patch|options|head|trace)$/.exec(pathMention);
    pointer = match ? `/paths/${match[1].replace(/~/g, '~0').replace(/\//g, '~1')}/${match[2]}` : pathMention;
  }
  // "ENUM must be equal to one of the allowed values\n(array, ...)": keep the rule and the list.
  const summary = message.split('\n\n')[0].replace(/^[A-Z ]+ (?=must)/, '').replace(/\s*\n\s*/g, ' ');
  const detail = /\^+ (.*)$/m.exec(message)?.[1];
  const offending = frame?.[2].trim();
  return {
    severity: 'error',
    file,
    line: pointer ? lineOfPointer(source, pointer) : undefined,
    message: `invalid OpenAPI${pointer ? ` at ${pointer}` : ''}: ${frame ? `${summary}${detail ? `: ${detail}` : ''}${!pointer && offending ? ` (at ${offending})` : ''}` : summary}`,
    hint: missingRef ? `Define ${missingRef.replace('#/', '').replace(/\//g, '.')} or fix the $ref.` : undefined,
  };
}
