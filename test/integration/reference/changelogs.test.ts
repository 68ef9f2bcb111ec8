import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, test } from 'node:test';
import ts from 'typescript';
import { loadConfig, validateConfig } from '../../../src/config/load.ts';
import { apiChangelogPage } from '../../../src/openapi/changelog-page.ts';
import { type PortalError } from '../../../src/errors.ts';
import { type OpenApiDocument } from '../../../src/openapi/load-spec.ts';
import { compareSpecs } from '../../../src/openapi/spec-changes.ts';
import { type DeclarationChange } from '../../../src/typedoc/declaration-changes.ts';
import { pairChanges } from '../../../src/typedoc/package-history.ts';
import { packageChangelogView } from '../../../src/typedoc/changelog-page.ts';
import { repoRoot } from '../../helpers/fixtures.ts';
import { bodyOf } from '../../helpers/openapi.ts';

const { config } = await loadConfig('portal.config.ts', repoRoot);

describe('the history config', () => {
  test('a history naming a spec or package the config does not document is an error naming it', () => {
    const bad = { ...config, history: { packages: { '@pexip/infinty': ['1.0.0'] }, specs: { 'content/specs/vpass.openapi.yaml': [{ spec: 'content/specs/history/x.yaml', date: '2026-01-01' }] } } };
    assert.throws(() => validateConfig(bad), (error: PortalError) => {
      const messages = error.problems.map((problem) => problem.message).join('\n');
      assert.match(messages, /"content\/specs\/vpass\.openapi\.yaml" is not the spec of any openapi entry/);
      assert.match(messages, /"@pexip\/infinty" is not a package of any npmReference entry/);
      return true;
    });
  });
});

describe('the declaration diff on planted declarations', () => {
  test('an added or changed export says what it is: the first paragraph of its doc comment', () => {
    const changes = changesBetween(
      `/** Starts the engine. */\nexport declare function start(force: boolean): void;`,
      `/**\n * Starts the engine,\n * warm or cold.\n *\n * Resolves once it runs.\n */\nexport declare function start(force?: boolean): void;\n/** Stops the engine. */\nexport declare function stop(): void;`,
    );
    assert.deepEqual(changes.map((change) => [change.kind, change.symbol, change.summary]), [
      ['changed', 'start', 'Starts the engine, warm or cold.'],
      ['added', 'stop', 'Stops the engine.'],
    ]);
    const view = packageChangelogView({ name: '@planted/api', versions: ['2.0.0', '1.0.0'], pairs: [{ from: '1.0.0', to: '2.0.0', changes }] }, () => undefined);
    assert.deepEqual(view.sections[0].changes.map((change) => change.summary), ['Starts the engine, warm or cold.', 'Stops the engine.']);
  });

  // Two versions of a planted package, each a folder with its package.json and declarations.
  const changesBetween = (earlier: string, later: string) => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'changes39-planted-'));
    try {
      const side = (version: string, source: string) => {
        const folder = path.join(root, version);
        fs.mkdirSync(folder);
        fs.writeFileSync(path.join(folder, 'package.json'), JSON.stringify({ name: '@planted/api', version, types: 'index.d.ts' }));
        fs.writeFileSync(path.join(folder, 'index.d.ts'), source);
        return { version, folder };
      };
      return pairChanges('@planted/api', side('1.0.0', earlier), side('2.0.0', later), undefined);
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  };
  const summary = (changes: DeclarationChange[]) => changes.map((change) => `${change.kind}${change.breaking ? '!' : ''} ${change.symbol}${change.renamedFrom ? ` from ${change.renamedFrom}` : ''}${change.deprecated ? `: ${change.deprecated}` : ''}`);

  test('a renamed required field, a field made required, a new required argument and a removed export are breaking', () => {
    const changes = changesBetween(
      `export interface Config { allowAutoChange: boolean; label?: string; size?: number }
export declare function connect(url: string): void;
export declare const gone: number;
export interface Kept { a: string }`,
      `export interface Config { allowChange: boolean; label?: string; size: number }
export declare function connect(url: string, options: { retries: number }): void;
/** @deprecated Use \`Config\` instead. */
export interface Kept { a: string }
export declare const fresh: number;`,
    );
    assert.deepEqual(summary(changes), [
      'renamed! Config.allowChange from allowAutoChange',
      'changed! Config.size',
      'changed! connect',
      'added fresh',
      'removed! gone',
      'deprecated Kept: Use `Config` instead.',
    ]);
    const connect = changes.find((change) => change.symbol === 'connect')!;
    assert.match(connect.proof?.laterError ?? '', /Target signature provides too few arguments|Expected 2 arguments|not assignable/);
    assert.equal(connect.proof?.earlierError, undefined);
  });

  test('a change of spelling alone is no change: quotes, an alias for an inline union, a reordered union', () => {
    const changes = changesBetween(
      `export type Mode = 'a' | 'b';
export declare function pick(mode: 'a' | 'b'): "x" | "y";
export interface Options { mode?: Mode; tags: Array<string> }`,
      `export type Mode = "b" | "a";
export declare function pick(mode: Mode): 'y' | 'x';
export interface Options { mode?: "a" | "b"; tags: string[] }`,
    );
    assert.deepEqual(summary(changes), []);
  });

  test('a change inside a type the package does not export shows on the export that uses it, and a widening is compatible', () => {
    const changes = changesBetween(
      `interface Settings { retries: number }
export declare function start(settings: Settings): void;
export declare function widen(value: string): void;
export {};`,
      `interface Settings { retries: number; region: string }
export declare function start(settings: Settings): void;
export declare function widen(value: string | number): void;
export {};`,
    );
    assert.deepEqual(summary(changes), ['changed! start', 'changed widen']);
    const view = packageChangelogView({ name: '@planted/api', versions: ['2.0.0', '1.0.0'], pairs: [{ from: '1.0.0', to: '2.0.0', changes }] }, () => undefined);
    assert.equal(view.sections[0].changes.find((change) => change.name === 'start')?.proof?.code.includes("import * as Earlier from '@planted/api@1.0.0'"), true);
    const widen = changes.find((change) => change.symbol === 'widen')!;
    assert.equal(widen.proof?.laterError, undefined, 'a compatible change\'s proof compiles against the later version');
    assert.ok(widen.witness?.laterError, 'and its witness shows the types differ');
  });
});


describe('generated API changelogs on planted specs', () => {
  const spec = (parameters: object[], deprecated = false): OpenApiDocument =>
    ({ openapi: '3.0.3', info: { title: 'Planted API', version: deprecated ? '2.0.0' : '1.0.0' }, paths: { '/items': { get: { operationId: 'listItems', deprecated, parameters, responses: { 200: { description: 'OK' } } } } } }) as OpenApiDocument;

  test('a new required parameter is breaking and a deprecated operation is listed', () => {
    const { changes } = compareSpecs(spec([]), spec([{ name: 'owner', in: 'query', required: true, schema: { type: 'string' } }], true));
    assert.ok(changes.some((change) => change.breaking && change.kind === 'added' && change.operation === 'GET /items' && change.where.startsWith('parameters')), JSON.stringify(changes));
    assert.ok(changes.some((change) => change.kind === 'deprecated' && change.operation === 'GET /items'), JSON.stringify(changes));
  });

  test('an API with no earlier published version gets a "first version documented" page with its version, no date of an edit, and no feed', () => {
    const source = config.openapi[0];
    const page = apiChangelogPage(source, 'vpaas', [{ document: spec([]), file: 'planted.yaml', date: '2026-01-02' }], () => undefined);
    const html = bodyOf(page);
    assert.ok(html.includes('Version 1.0.0 of the Planted API description is the first version documented') && !html.includes('2026-01-02'), html);
    assert.equal(page.feed, undefined);
    assert.deepEqual(page.toc, [{ depth: 2, id: 'first-version', text: 'First version documented' }]);
  });
});
