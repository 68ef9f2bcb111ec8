import assert from 'node:assert/strict';
import { test } from 'node:test';
import { compileKotlin, parseKotlinOutput } from '../../helpers/kotlin-compiler.ts';
import { parseCoordinate } from '../../helpers/maven.ts';

// One real compiler run covers the driver: a Maven jar (OkHttp), an Android library whose
// classes live inside an .aar (Timber), a clean source, and a source with an ERROR-level
// deprecation and a type error, each reported against its own name and line.

test('compileKotlin compiles against Maven artifacts and maps errors to each source', async () => {
  const diagnostics = await compileKotlin({
    mavenArtifacts: ['com.squareup.okhttp3:okhttp:4.12.0', 'com.jakewharton.timber:timber:5.0.1:aar'],
    sources: [
      {
        name: 'good/Good.kt',
        code: 'package good\n\nimport okhttp3.OkHttpClient\nimport okhttp3.Request\nimport timber.log.Timber\n\nfun request(url: String): Request {\n    Timber.d("building %s", url)\n    OkHttpClient()\n    return Request.Builder().url(url).build()\n}\n',
      },
      {
        name: 'bad/Bad.kt',
        code: 'package bad\n\n@Deprecated("Use newer()", level = DeprecationLevel.ERROR)\nfun older(): Int = 1\n\nfun use() {\n    older()\n    val text: String = 2\n}\n',
      },
    ],
  });
  const errors = diagnostics.filter((diagnostic) => diagnostic.severity === 'error');
  assert.deepEqual(
    errors.map(({ file, line, column }) => ({ file, line, column })),
    [
      { file: 'bad/Bad.kt', line: 7, column: 5 },
      { file: 'bad/Bad.kt', line: 8, column: 24 },
    ],
    errors.map((error) => `${error.file}:${error.line}:${error.column} ${error.message}`).join('\n'),
  );
  assert.match(errors[0].message, /deprecated\. Use newer\(\)/);
  assert.match(errors[1].message, /expected 'String', actual 'Int'/);
});

test('a Maven artifact that does not exist is an error naming it and the fix', async () => {
  await assert.rejects(
    compileKotlin({ mavenArtifacts: ['org.example.portal.nothing:missing:0.0.1'], sources: [{ name: 'A.kt', code: 'fun a() = 1\n' }] }),
    /Maven could not resolve .*org\.example\.portal\.nothing:missing:0\.0\.1[\s\S]*check the coordinates/,
  );
});

test('kotlinc output: continued messages are kept, the quoted source and caret are not', () => {
  const output = [
    '/tmp/x/src/a/A.kt:3:11: error: first line of a message',
    'second line of the same message',
    'fun f() { old() }',
    '          ^^^',
    '/tmp/x/src/a/A.kt:4:1: warning: a warning',
    'val x = 1',
    '^',
    'error: no main source files',
  ].join('\n');
  assert.deepEqual(parseKotlinOutput(output, (file) => file.replace('/tmp/x/src/', '')), [
    { file: 'a/A.kt', line: 3, column: 11, severity: 'error', message: 'first line of a message\nsecond line of the same message' },
    { file: 'a/A.kt', line: 4, column: 1, severity: 'warning', message: 'a warning' },
    { file: '', line: 0, column: 0, severity: 'error', message: 'no main source files' },
  ]);
});

test('a Maven coordinate must have a group, an artifact and a version', () => {
  assert.deepEqual(parseCoordinate('com.jakewharton.timber:timber:5.0.1:aar'), { groupId: 'com.jakewharton.timber', artifactId: 'timber', version: '5.0.1', type: 'aar' });
  assert.throws(() => parseCoordinate('okhttp:4.12.0'), /not a Maven coordinate\n  write it as group:artifact:version/);
});
