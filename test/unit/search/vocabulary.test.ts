import assert from 'node:assert/strict';
import { test } from 'node:test';
import { correct, correction, type Vocabulary } from '../../../src/shared/search/typo.ts';
import { vocabularyShardKeys, vocabularyShardUrl, vocabularyUrl } from '../../../src/shared/search-vocabulary.ts';
import { collectVocabulary, vocabularyFiles } from '../../../src/search/vocabulary.ts';

const words = collectVocabulary(['Send presentation', 'Participant list', 'Simulcast layers', 'Second guide', 'Background blur', 'v2 API', 'Zoom 4k']);

/** The vocabulary as the dialog reads it, from the files the build writes, noting what it fetched. */
function served(): Vocabulary & { fetched: string[] } {
  const files = vocabularyFiles(words);
  const fetched: string[] = [];
  const read = (url: string) => {
    fetched.push(url);
    const file = files.get(url.slice(1));
    assert.ok(file, `${url} is written`);
    return Promise.resolve(JSON.parse(file) as string[]);
  };
  return { fetched, shard: (key) => read(vocabularyShardUrl(key)), all: () => read(vocabularyUrl) };
}

test('the build writes the whole vocabulary and one shard per first character, empty ones too', () => {
  const files = vocabularyFiles(words);
  assert.deepEqual(JSON.parse(files.get(vocabularyUrl.slice(1))!), words);
  assert.equal(files.size, 1 + vocabularyShardKeys.length);
  for (const key of vocabularyShardKeys) {
    assert.deepEqual(JSON.parse(files.get(vocabularyShardUrl(key).slice(1))!), words.filter((word) => word[0] === key), key);
  }
});

test('a query of known words (or their beginnings) fetches only their shards and is not corrected', async () => {
  const vocabulary = served();
  assert.equal(await correction('Send presen', vocabulary), undefined);
  assert.deepEqual(vocabulary.fetched, [vocabularyShardUrl('p')], 'words under five letters are never corrected');
});

test('an unknown word fetches the whole vocabulary and gets the same correction as before sharding', async () => {
  for (const query of ['send presentaton', 'particpant list', 'simulcst', 'backgrund blur', 'xsecond', 'ecsond', 'zzzqqq', '(second)']) {
    const vocabulary = served();
    assert.equal(await correction(query, vocabulary), correct(query, words), query);
    assert.ok(vocabulary.fetched.includes(vocabularyUrl), `${query}: the whole vocabulary is fetched`);
  }
  assert.equal(await correction('send presentaton', served()), 'send presentation');
  assert.equal(await correction('xsecond', served()), 'second', 'a typo in the first letter is found too');
});
