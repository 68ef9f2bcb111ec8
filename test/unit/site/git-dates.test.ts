import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { parseGitLog } from '../../../src/site/git-dates.ts';

describe('git dates from one log', () => {
  test('a file takes the time of the newest commit that names it; paths are made relative to the project', () => {
    const log = ['\x1e1780000000', '', 'site/content/a.md', '', '\x1e1770000000', '', 'site/content/a.md', 'site/content/b.md', 'other/c.md', ''].join('\n');
    const dates = parseGitLog(log, 'site');
    assert.deepEqual([...dates], [
      ['content/a.md', new Date(1780000000 * 1000).toISOString().replace('.000Z', 'Z')],
      ['content/b.md', new Date(1770000000 * 1000).toISOString().replace('.000Z', 'Z')],
    ]);
  });

  test('at the repository root nothing is stripped; an empty log gives no dates', () => {
    assert.deepEqual([...parseGitLog('\x1e1780000000\n\ncontent/a.md\n', '').keys()], ['content/a.md']);
    assert.equal(parseGitLog('', '').size, 0);
  });
});
