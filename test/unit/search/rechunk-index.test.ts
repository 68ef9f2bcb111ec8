import assert from 'node:assert/strict';
import zlib from 'node:zlib';
import { describe, test } from 'node:test';
import { decode, encode } from 'cborg';
import type { PagefindValue as CborValue } from '../../../src/search/pagefind-files.ts';
import { rechunkIndex } from '../../../src/search/rechunk-index.ts';

// A Pagefind bundle made by hand, in the layout Pagefind 1.5 writes: data files are
// gzip("pagefind_dcd" + CBOR); the metadata lists the word chunks as [from, to, file hash].

const signature = 'pagefind_dcd';
const pack = (value: CborValue) => new Uint8Array(zlib.gzipSync(Buffer.concat([Buffer.from(signature), encode(value)])));
const unpack = (bytes: Uint8Array) => decode(zlib.gunzipSync(bytes).subarray(signature.length)) as CborValue;

type Word = [string, [number, number[], CborValue[]][], CborValue[]];

/** A word on one page with `units - 1` locations: Pagefind counts a location each, plus one per page. */
const word = (text: string, units = 10): Word => [text, [[0, Array.from({ length: units - 1 }, (_, i) => i), []]], []];

const words: Word[] = [
  word('$'),
  word('a'),
  word('ab'),
  word('abc'),
  word('abd'),
  word('b', 25),
  // A family: "with" and its extensions stay in one chunk (below the maximum).
  word('wit'),
  word('with'),
  word('within'),
  word('without'),
  word('withtransitionprop'),
  word('wlk'),
  word('wm'),
  // A family too large for one chunk is split at the maximum.
  ...['pin', 'pina', 'pinb', 'pinc', 'pind', 'pine', 'pinf', 'ping', 'pinh', 'pini'].map((text) => word(text)),
  word('zeta'),
].sort((a, b) => Buffer.compare(Buffer.from(a[0]), Buffer.from(b[0])));

function bundle(): Map<string, Uint8Array> {
  // Pagefind's own split: two chunks.
  const halves = [words.slice(0, 10), words.slice(10)];
  const meta: CborValue = ['1.5.2', [['en_page000', 12]], halves.map((half, i) => [half[0][0], half[half.length - 1][0], `en_old${i}`]), [['area', 'en_filter']], [], ['title']];
  return new Map<string, Uint8Array>([
    ['pagefind-entry.json', new TextEncoder().encode(JSON.stringify({ version: '1.5.2', languages: { en: { hash: 'en_oldmeta00', wasm: 'en', page_count: 1 } } }))],
    ['pagefind.en_oldmeta00.pf_meta', pack(meta)],
    ['index/en_old0.pf_index', pack([halves[0]])],
    ['index/en_old1.pf_index', pack([halves[1]])],
    ['filter/en_filter.pf_filter', new Uint8Array([1, 2, 3])],
    ['fragment/en_page000.pf_fragment', new Uint8Array([4, 5, 6])],
    ['pagefind.js', new Uint8Array([7])],
  ]);
}

const options = { targetUnits: 20, maxUnits: 60 };

function read(files: Map<string, Uint8Array>) {
  const entry = JSON.parse(new TextDecoder().decode(files.get('pagefind-entry.json')));
  const meta = unpack(files.get(`pagefind.${entry.languages.en.hash}.pf_meta`)!) as CborValue[];
  const chunks = (meta[2] as [string, string, string][]).map(([from, to, hash]) => ({ from, to, hash, words: (unpack(files.get(`index/${hash}.pf_index`)!) as Word[][])[0] }));
  return { entry, meta, chunks };
}

/** The chunk Pagefind's engine loads for a query word: the first whose range holds it (byte order). */
const lookup = (chunks: { from: string; to: string }[], term: string) =>
  chunks.findIndex(({ from, to }) => Buffer.compare(Buffer.from(term), Buffer.from(from)) >= 0 && Buffer.compare(Buffer.from(term), Buffer.from(to)) <= 0);

const units = (chunk: Word[]) => chunk.reduce((sum, [, pages]) => sum + pages.reduce((pageSum, [, locations]) => pageSum + locations.length + 1, 0), 0);

describe('rechunkIndex', async () => {
  const result = await rechunkIndex(bundle(), options);
  const { entry, meta, chunks } = read(result);

  test('keeps every word, in order, with its pages and locations untouched', () => {
    assert.deepEqual(
      chunks.flatMap((chunk) => chunk.words),
      words,
    );
    assert.ok(chunks.length > 2, `more chunks than Pagefind's two (${chunks.length})`);
  });

  test('fills each chunk to the target, keeps a word with its extensions, and stops at the maximum', () => {
    for (const chunk of chunks.slice(0, -1)) {
      assert.ok(units(chunk.words) >= options.targetUnits, `${chunk.from}..${chunk.to} holds ${units(chunk.words)} units`);
      assert.ok(units(chunk.words) <= options.maxUnits, `${chunk.from}..${chunk.to} holds ${units(chunk.words)} units`);
    }
    const chunkOf = (text: string) => chunks.findIndex((chunk) => chunk.words.some(([candidate]) => candidate === text));
    for (const text of ['within', 'without', 'withtransitionprop']) assert.equal(chunkOf(text), chunkOf('wit'), text);
    assert.notEqual(chunkOf('wlk'), chunkOf('wit'));
    assert.notEqual(chunkOf('pini'), chunkOf('pin'), 'a family larger than the maximum is split');
  });

  test('every word, and a partly typed word, finds the chunk it (or its extension) is in', () => {
    chunks.forEach((chunk, index) => {
      for (const [text] of chunk.words) assert.equal(lookup(chunks, text), index, text);
    });
    const wlk = chunks.findIndex((chunk) => chunk.words.some(([text]) => text === 'wlk'));
    assert.equal(lookup(chunks, 'wl'), wlk, '"wl" finds the chunk of "wlk"');
  });

  test('renames the metadata after its new content and leaves the other files alone', () => {
    assert.notEqual(entry.languages.en.hash, 'en_oldmeta00');
    assert.match(entry.languages.en.hash, /^en_[0-9a-f]{10}$/);
    assert.deepEqual([meta[0], meta[1], meta[3], meta[4], meta[5]], ['1.5.2', [['en_page000', 12]], [['area', 'en_filter']], [], ['title']]);
    assert.deepEqual(
      [...result.keys()].filter((file) => /old/.test(file)),
      [],
      'the old metadata and chunks are gone',
    );
    for (const file of ['filter/en_filter.pf_filter', 'fragment/en_page000.pf_fragment', 'pagefind.js']) assert.deepEqual(result.get(file), bundle().get(file), file);
    assert.equal([...result.keys()].filter((file) => file.startsWith('index/')).length, chunks.length);
  });

  test('gives the same files for the same index', async () => {
    const again = await rechunkIndex(bundle(), options);
    assert.deepEqual([...again.keys()].sort(), [...result.keys()].sort());
    for (const [file, contents] of again) assert.deepEqual(contents, result.get(file), file);
  });

  test('an index it does not understand is an error that names the file', async () => {
    const files = bundle();
    files.set('index/en_old1.pf_index', pack([['not', 'words']]));
    await assert.rejects(rechunkIndex(files, options), /index\/en_old1\.pf_index has an unknown layout/);
    files.delete('index/en_old1.pf_index');
    await assert.rejects(rechunkIndex(files, options), /chunk en_old1 is missing/);
  });
});
