import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { Application, resetReflectionID } from 'typedoc';
import { locatePackage } from '../../../src/typedoc/installed-packages.ts';
import { convertWithSharedLibFiles } from '../../../src/typedoc/shared-lib-program.ts';
import { repoRoot } from '../../helpers/fixtures.ts';

/** TypeDoc set up over one installed package's declarations, as a plain TypeDoc user would. */
async function typedocOf(name: string, folder: string): Promise<{ app: Application; entry: string }> {
  const { directory, manifest } = locatePackage(name, repoRoot);
  const entry = path.join(directory, String(manifest.types ?? manifest.typings));
  const tsconfig = path.join(folder, `${name.replace('/', '__')}.json`);
  fs.writeFileSync(tsconfig, JSON.stringify({ compilerOptions: { strict: true, target: 'ES2022', module: 'ESNext', moduleResolution: 'Bundler', skipLibCheck: true, lib: ['ES2023', 'DOM', 'DOM.Iterable'], types: [] }, files: [entry] }));
  const app = await Application.bootstrap({ entryPoints: [entry], tsconfig, basePath: directory, skipErrorChecking: true, disableGit: true, sourceLinkTemplate: 'https://unpkg.com/{path}', logLevel: 'Error', name });
  return { app, entry };
}

test("a conversion from the program with shared lib files is TypeDoc's own, whichever conversion parsed the lib files first", { timeout: 180_000 }, async (t) => {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-shared-lib-'));
  t.after(() => fs.rmSync(folder, { recursive: true, force: true }));
  for (const name of ['@pexip/signal', '@pexip/utils']) {
    const own = await typedocOf(name, folder);
    const shared = await typedocOf(name, folder);
    convertWithSharedLibFiles(shared.app, shared.entry);
    const [ownEntry] = own.app.getEntryPoints()!;
    const [sharedEntry] = shared.app.getEntryPoints()!;
    // The same entry point, named alike, in a program over the same files with the same options.
    assert.equal(sharedEntry.displayName, ownEntry.displayName);
    assert.equal(sharedEntry.sourceFile.fileName, ownEntry.sourceFile.fileName);
    assert.deepEqual(sharedEntry.program.getRootFileNames(), ownEntry.program.getRootFileNames());
    assert.deepEqual(sharedEntry.program.getCompilerOptions(), ownEntry.program.getCompilerOptions());
    assert.deepEqual(
      sharedEntry.program.getSourceFiles().map((file) => file.fileName),
      ownEntry.program.getSourceFiles().map((file) => file.fileName),
    );
    // The second package's lib files come from the first one's program.
    // Reflection ids count from the start of each conversion (a counter of the whole process).
    const model = async ({ app }: { app: Application }) => {
      resetReflectionID();
      return app.serializer.projectToObject((await app.convert())!, folder as never);
    };
    assert.deepEqual(await model(shared), await model(own), name);
  }
});
