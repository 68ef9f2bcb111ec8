import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { ContentBlock } from '../../helpers/content-blocks.ts';
import { applyBlock, declaredName, pinnedSdkVersions, SpliceError, underPackage, type TutorialFile } from '../../helpers/kotlin-tutorial.ts';

// A tutorial's later pages show only the members they change; the assembler must put each one
// where a reader would, and refuse what it cannot place.

const block = (code: string, meta = ' title="screens/Screen.kt"', line = 10): ContentBlock => ({ file: '/content/page.md', line, language: 'kotlin', meta, code });
const text = (file: TutorialFile | undefined) => file!.lines.map((line) => line.text).join('\n');

const whole = block(`package com.example.app.screens

import a.B

class Screen(value: Int) : Base(value) {

    private val count = 1

    // Starts the screen.
    fun start() {
        println(count)
    }

    private companion object {
        const val TAG = "Screen"
    }
}
`);

test('a member with the name of an existing one replaces it, comments included; a new one goes at the end of the class', () => {
  const files = new Map<string, TutorialFile>();
  applyBlock(files, whole);
  applyBlock(files, block('import c.D\n\n// Starts twice now.\nfun start() {\n    println(count * 2)\n}\n\nfun stop() = Unit\n'));
  assert.equal(
    text(files.get('screens/Screen.kt')),
    `package com.example.app.screens

import a.B
import c.D

class Screen(value: Int) : Base(value) {

    private val count = 1

    // Starts twice now.
    fun start() {
        println(count * 2)
    }

    private companion object {
        const val TAG = "Screen"
    }

    fun stop() = Unit
}`,
  );
  const stop = files.get('screens/Screen.kt')!.lines.find((line) => line.text.includes('fun stop'));
  assert.deepEqual([stop?.origin?.block.line, stop?.origin?.offset], [10, 7], 'each line keeps the block line it came from');
});

test('statements, a missing title and an unknown file are refused with the fix', () => {
  const files = new Map<string, TutorialFile>();
  applyBlock(files, whole);
  assert.throws(() => applyBlock(files, block('start()\nstop()\n')), (error: SpliceError) => /statements, not whole members[\s\S]*fragment="why"/.test(error.message));
  assert.throws(() => applyBlock(files, block('fun a() = 1\n', '')), /needs the file it belongs to\n  add title=/);
  assert.throws(() => applyBlock(files, block('fun a() = 1\n', ' title="Other.kt"')), /no earlier page shows Other\.kt whole/);
});

test('declaredName reads functions, extension functions, properties and classes', () => {
  assert.equal(declaredName('override fun onCleared() {'), 'onCleared');
  assert.equal(declaredName('fun MaterialButton.highlighted(active: Boolean?) {'), 'highlighted');
  assert.equal(declaredName('private val _isBackCamera = MutableLiveData(false)'), '_isBackCamera');
  assert.equal(declaredName('private companion object {'), 'companion object');
  assert.equal(declaredName('viewModel.start()'), undefined);
});

test('underPackage moves the app package and its imports, nothing else', () => {
  const moved = underPackage([{ text: 'package com.example.app.screens' }, { text: 'import com.example.app.R' }, { text: 'import com.example.application.X' }], 'com.example.app', 'samples.step1');
  assert.deepEqual(moved.map((line) => line.text), ['package samples.step1.com.example.app.screens', 'import samples.step1.com.example.app.R', 'import com.example.application.X']);
});

test('pinnedSdkVersions finds every Pexip SDK version a Gradle block pins, with its line', () => {
  const gradle = block('dependencies {\n    val pexipSdkVersion = "0.17.5"\n    implementation("com.pexip.sdk:sdk-api:0.17.4")\n    implementation("com.squareup.okhttp3:okhttp:5.2.1")\n}\n', ' title="app/build.gradle.kts"');
  const groovy = block("ext {\n    version_pexip = '0.9.0'\n}\n", ' title="build.gradle"');
  assert.deepEqual(
    pinnedSdkVersions([gradle, groovy]).map(({ offset, version }) => [offset, version]),
    [[1, '0.17.5'], [2, '0.17.4'], [1, '0.9.0']],
  );
});
