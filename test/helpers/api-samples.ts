import type { ClientSamplePackage } from '../../src/config/schema.ts';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { OpenAPIV3 } from 'openapi-types';
import config from '../../portal.config.ts';
import { loadSpec } from '../../src/openapi/load-spec.ts';
import { escapePointer } from '../../src/openapi/locate.ts';
import { listOperations, type OperationEntry, operationView } from '../../src/openapi/views.ts';
import type { OpenApiDocument } from '../../src/openapi/load-spec.ts';
import { repoRoot } from './fixtures.ts';

export interface OperationSamples {
  /** "content/specs/vpaas.openapi.yaml POST /oauth/token", for messages. */
  name: string;
  spec: OpenApiDocument;
  entry: OperationEntry;
  servers: string[];
  /** Tab value -> the generated sample's code. */
  samples: Map<string, string>;
  /** The JSON response examples its page shows, each with its schema's pointer in `bundled`. */
  responseExamples: { status: string; code: string; schemaPointer: string }[];
  /** The description as published (bundled, $refs kept). */
  bundled: object;
}

/**
 * A spec of our own for what the portal's specs do not have: file uploads (a multipart form
 * with a file field, a whole-file body).
 */
export const uploadsSpec = { spec: 'test/fixtures/openapi/uploads.yaml', area: 'fixture' };

/** Every operation of the portal's own specs (and the uploads spec) with the samples its page shows. */
export async function portalOperationSamples(): Promise<OperationSamples[]> {
  const result: OperationSamples[] = [];
  for (const source of [...(config.openapi ?? []), uploadsSpec]) {
    const { document, bundled } = await loadSpec(path.join(repoRoot, source.spec), source.spec, [repoRoot]);
    for (const entry of listOperations(document)) {
      const view = operationView(document, entry, () => '', () => '', { clientSample: 'clientSample' in source ? (source.clientSample as ClientSamplePackage) : undefined });
      // The spec's own samples come first, so for a value both have the generated one is kept.
      const samples = new Map(view.samples.filter((sample) => sample.value).map((sample) => [sample.value!, sample.code]));
      const operationPointer = `/${entry.webhook ? 'webhooks' : 'paths'}/${escapePointer(entry.path)}/${entry.method}`;
      const responseExamples = view.responses
        .filter((response) => response.contentType && /json/i.test(response.contentType))
        .flatMap((response) => response.examples.map((example) => ({ status: response.status, code: example.code, schemaPointer: `${operationPointer}/responses/${escapePointer(response.status)}/content/${escapePointer(response.contentType!)}/schema` })));
      result.push({ name: `${source.spec} ${entry.method.toUpperCase()} ${entry.path}`, spec: document, entry, servers: view.servers, samples, responseExamples, bundled });
    }
  }
  return result;
}

/** A fresh folder for one tool's batch, removed by the caller. */
export function batchFolder(language: string): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), `portal-samples-${language}-`));
}

export type RequestBody = OpenAPIV3.RequestBodyObject;
