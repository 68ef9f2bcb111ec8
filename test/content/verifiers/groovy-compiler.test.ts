import assert from 'node:assert/strict';
import { test } from 'node:test';
import { compileGroovy, parseGroovyOutput } from '../../helpers/groovy-compiler.ts';

// The real Groovy compiler accepts a Gradle Groovy DSL script as it is, and reports a syntax
// error against the source's name and line.

test('compileGroovy accepts a Gradle script and reports a broken one by name and line', async () => {
  const diagnostics = await compileGroovy({
    groovyVersion: '4.0.28',
    sources: [
      { name: 'good', code: 'dependencies {\n    implementation "com.example:lib:$version"\n}\n' },
      // A brace never closed: groovyc names the block it opened.
      { name: 'bad', code: 'android {\n    compileOptions {\n        sourceCompatibility JavaVersion.VERSION_17\n}\n' },
    ],
  });
  assert.equal(diagnostics.length, 1, JSON.stringify(diagnostics));
  assert.deepEqual([diagnostics[0].file, diagnostics[0].line, diagnostics[0].column], ['bad', 1, 9]);
  assert.match(diagnostics[0].message, /Unexpected input: '\{'/);
});

test('groovyc output: the line and column come from the "@ line" part', () => {
  assert.deepEqual(parseGroovyOutput('/tmp/x/src/bad.groovy: 5: Unexpected input: \'{\' @ line 5, column 12.', () => 'bad'), [{ file: 'bad', line: 5, column: 12, message: "Unexpected input: '{'" }]);
});
