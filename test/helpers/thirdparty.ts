// Real inputs nobody here wrote (a Docusaurus docs folder, public OpenAPI descriptions) are kept
// in ../shared/thirdparty beside the checkout, never copied into it. CI always has that folder
// there, so in CI a missing input is a broken setup and fails the test; on a developer's machine
// the test is skipped and says so, never silently.
import fs from 'node:fs';
import path from 'node:path';
import type { TestContext } from 'node:test';
import { repoRoot } from './fixtures.ts';

export const thirdPartyRoot = path.resolve(repoRoot, '..', 'shared', 'thirdparty');

/**
 * The absolute path of a third-party input (relative to ../shared/thirdparty). When it is
 * missing: in CI (`CI=true`) throws, so the test fails naming the path; elsewhere skips the test
 * with the reason (also printed) and returns undefined, so the caller returns at once.
 */
export function requireThirdParty(relativePath: string, t: Pick<TestContext, 'skip'>, root = thirdPartyRoot): string | undefined {
  const input = path.join(root, relativePath);
  if (fs.existsSync(input)) return input;
  if (process.env.CI === 'true') {
    throw new Error(`${input} is missing. CI always has the shared folder (with thirdparty/) beside the checkout, so this is a broken CI setup: put ${relativePath} under ${root}.`);
  }
  const reason = `${input} is not on this machine (the third-party inputs are kept in ../shared/thirdparty beside the checkout)`;
  console.log(`skipped: ${reason}`);
  t.skip(reason);
  return undefined;
}

/** The public OpenAPI descriptions under openapi/: the OAI examples, Twilio's and the multi-file Train Travel API. */
export const thirdPartySpecs = [
  'oai-api-with-examples.yaml',
  'oai-callback-example.yaml',
  'oai-link-example.yaml',
  'oai-petstore-expanded.yaml',
  'oai-petstore.yaml',
  'oai-uspto.yaml',
  'oai-webhook-example.yaml',
  'twilio-api-v2010.json',
  'train-travel/openapi.yaml',
];
