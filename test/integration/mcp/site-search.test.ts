import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { describe, test } from 'node:test';
import { loadSiteSearch } from '../../../src/mcp/site-search.ts';
import { siteFileLimit } from '../../../src/mcp/site-file-limits.ts';
import { folderSource } from '../../../src/mcp/site-source.ts';

/** A built folder holding only a Pagefind entry for English and the metadata file it names. */
function indexFolder(meta: Uint8Array): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-site-search-'));
  fs.mkdirSync(path.join(dir, 'pagefind'));
  fs.writeFileSync(path.join(dir, 'pagefind', 'pagefind-entry.json'), JSON.stringify({ version: '1.6.0', languages: { en: { hash: 'en_0123456789', wasm: 'en', page_count: 1 } } }));
  fs.writeFileSync(path.join(dir, 'pagefind', 'pagefind.en_0123456789.pf_meta'), meta);
  return dir;
}

describe('loadSiteSearch', () => {
  test('an index file that unpacks past its limit is refused, naming the file, its kind and the limit', async () => {
    const { unpacked } = siteFileLimit('/pagefind/pagefind.en_0123456789.pf_meta');
    // A few hundred KB that unpack to more than the limit: Pagefind's signature, then zeros.
    const bomb = zlib.gzipSync(Buffer.concat([Buffer.from('pagefind_dcd'), Buffer.alloc(unpacked! + 1024)]));
    const dir = indexFolder(bomb);
    await assert.rejects(loadSiteSearch(folderSource(dir)), (error: Error) => {
      assert.equal(error.message.split('\n')[0], `error: ${dir}/pagefind/pagefind.en_0123456789.pf_meta unpacks to more than 128 MiB, the most portal mcp takes of a search index metadata file`);
      return true;
    });
  });

  test('a folder without a search index entry names the folder and the fix', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-site-search-'));
    await assert.rejects(loadSiteSearch(folderSource(dir)), new RegExp(`${dir.replace(/[/\\.]/g, '\\$&')}  error: no search index here \\(no pagefind/pagefind-entry\\.json\\)\\n  Run "portal build" first`));
  });
});
