import assert from 'node:assert/strict';
import { test } from 'node:test';
import { contentWords, synonymVariants, titleCoverage, titleRank } from '../../../src/shared/search/question.ts';

test('a question keeps its content words only, unless it has none', () => {
  assert.deepEqual(contentWords('How do I create a VPaaS meeting and join it from the browser'), ['create', 'VPaaS', 'meeting', 'join', 'browser']);
  assert.deepEqual(contentWords('what is it'), ['what', 'is', 'it']);
});

test('a word with synonyms is also searched as each of them, one word at a time, without repeating a word', () => {
  assert.deepEqual(synonymVariants(['mute', 'microphone']), [['mute', 'audio'], ['mute']]);
  assert.deepEqual(synonymVariants(['turn', 'off', 'camera']), [['turn', 'off', 'video']]);
  assert.deepEqual(synonymVariants(['join', 'meeting']), [], 'no synonyms, no other searches');
});

test('a title covers a content word as typed, by a synonym, or in another form', () => {
  const coverage = titleCoverage(['mute', 'microphone']);
  assert.equal(coverage('Mute audio and video'), 2);
  assert.equal(coverage('Muting the microphones'), 2);
  assert.equal(coverage('Install the SDK'), 0);
  assert.equal(coverage('Start muted'), 1, 'one word of a title stands for one word of the query, not also for its synonym');
  assert.equal(titleCoverage(['meetings'])('Create a meeting'), 1);
});

test('a title ranks a page for a query only when it carries at least half of the query\'s content words', () => {
  const rank = titleRank(['add', 'toolbar', 'button']);
  assert.equal(rank('Button'), 0, 'a symbol named for one word of three is not titled for the query');
  assert.equal(rank('Toolbar button options'), 2);
  assert.equal(titleRank(['create', 'key'])('Create a meeting'), 1, 'one word of two is half');
  assert.equal(titleRank(['mute', 'microphone'])('Mute audio and video'), 2);
});
