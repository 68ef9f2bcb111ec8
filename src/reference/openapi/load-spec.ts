import fs from 'node:fs';
import { dereference, validate } from '@readme/openapi-parser';
import type { OpenAPIV3, OpenAPIV3_1 } from 'openapi-types';
import { PortalError, type Problem } from '../../errors.ts';
import { lineOfPointer, parseSpecSource, pointerAtJsonLine, pointerOfRef } from './locate.ts';

export type OpenApiDocument = OpenAPIV3.Document | OpenAPIV3_1.Document;

/**
 * Reads, validates and dereferences one OpenAPI file. Every problem names the spec file, the
 * line, the JSON pointer and the validator's message; nothing is rendered from an invalid spec.
 */
export async function loadSpec(absoluteFile: string, displayFile: string): Promise<OpenApiDocument> {
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
  // Circular schemas stay circular objects; the schema view stops at a repeat.
  return (await dereference(structuredClone(raw), { dereference: { circular: true } })) as OpenApiDocument;
}

function locateProblem(message: string, raw: unknown, source: ReturnType<typeof parseSpecSource>, file: string): Problem {
  let pointer: string | undefined;
  const frameLine = /^>\s*(\d+)\s*\|/m.exec(message)?.[1];
  const missingRef = /Missing \$ref pointer "([^"]+)"/.exec(message)?.[1];
  const pathMention = /`(\/paths\/[^`]+)`/.exec(message)?.[1];
  if (missingRef) pointer = pointerOfRef(raw, missingRef);
  else if (frameLine) pointer = pointerAtJsonLine(raw, Number(frameLine));
  else if (pathMention) {
    // The validator writes "/paths/a/{id}/get" without escaping the path's own slashes.
    const match = /^\/paths(\/.*)\/(get|put|post|delete|patch|options|head|trace)$/.exec(pathMention);
    pointer = match ? `/paths/${match[1].replace(/~/g, '~0').replace(/\//g, '~1')}/${match[2]}` : pathMention;
  }
  const summary = message.split('\n')[0].replace(/^[A-Z ]+ (?=must)/, '');
  const detail = /\^+ (.*)$/m.exec(message)?.[1];
  return {
    severity: 'error',
    file,
    line: pointer ? lineOfPointer(source, pointer) : undefined,
    message: `invalid OpenAPI${pointer ? ` at ${pointer}` : ''}: ${detail ?? summary}`,
    hint: missingRef ? `Define ${missingRef.replace('#/', '').replace(/\//g, '.')} or fix the $ref.` : undefined,
  };
}
