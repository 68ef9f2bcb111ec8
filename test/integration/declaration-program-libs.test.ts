// Each version a changelog compares gets its own declaration program (src/typedoc/declaration-texts.ts),
// and TypeScript's lib files are parsed once per process for all of them. Held here: the lib trees
// are shared, each program still reads its own entry, and the texts are those of a program made
// the plain way, without sharing.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import ts from 'typescript';
import { declarationCompilerOptions, declarationProgram, declarationTexts } from '../../src/typedoc/declaration-texts.ts';

const folders: string[] = [];
after(() => folders.forEach((folder) => fs.rmSync(folder, { recursive: true, force: true })));

function entry(version: string, body: string): string {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), `portal-declaration-program-${version}-`));
  folders.push(folder);
  const file = path.join(folder, 'index.d.ts');
  fs.writeFileSync(file, body);
  return fs.realpathSync(file);
}

test('declaration programs share the lib files, read their own entry, and print what a program of their own prints', () => {
  const first = entry('1', 'export declare function join(room: string): Promise<HTMLVideoElement>;\nexport interface Call { id: string }\n');
  const second = entry('2', 'export declare function join(room: string, pin?: string): Promise<HTMLVideoElement>;\nexport interface Call { id: string; muted: boolean }\n');
  const [a, b] = [declarationProgram(first), declarationProgram(second)];
  const libDom = a.getSourceFiles().find((source) => path.basename(source.fileName) === 'lib.dom.d.ts');
  assert.ok(libDom, 'lib.dom.d.ts is among the files of a declaration program');
  assert.equal(b.getSourceFiles().find((source) => source.fileName === libDom.fileName), libDom, 'the second program has the first one’s lib.dom.d.ts tree');
  assert.notEqual(a.getSourceFile(first), b.getSourceFile(second));
  for (const [program, file] of [[a, first], [b, second]] as const) {
    const plain = ts.createProgram([file], { ...declarationCompilerOptions });
    assert.deepEqual(declarationTexts(program, file), declarationTexts(plain, file));
    assert.deepEqual(ts.getPreEmitDiagnostics(program).map((d) => d.messageText), ts.getPreEmitDiagnostics(plain).map((d) => d.messageText));
  }
  assert.ok(declarationTexts(b, second).some((text) => text.texts.some((printed) => printed.includes('pin?: string'))), 'the second entry’s own texts');
});
