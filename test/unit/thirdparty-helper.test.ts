import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, test, type TestContext } from 'node:test';
import { requireThirdParty } from '../helpers/thirdparty.ts';

// A suite whose third-party input is missing must never pass silently: CI (where the shared
// folder is always beside the checkout) fails it, a developer's machine skips it and says why.

function withCi(value: string | undefined, run: () => void): void {
  const saved = process.env.CI;
  if (value === undefined) delete process.env.CI;
  else process.env.CI = value;
  try {
    run();
  } finally {
    if (saved === undefined) delete process.env.CI;
    else process.env.CI = saved;
  }
}

/** A stand-in test context that records the reasons it was asked to skip with. */
function recordingContext(): { skip: TestContext['skip']; reasons: (string | undefined)[] } {
  const reasons: (string | undefined)[] = [];
  return { reasons, skip: (reason?: string) => void reasons.push(reason) };
}

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-thirdparty-'));
fs.mkdirSync(path.join(root, 'docusaurus', 'site'), { recursive: true });
after(() => fs.rmSync(root, { recursive: true, force: true }));

test('a present input is returned as an absolute path, in CI and out of it', () => {
  for (const ci of ['true', undefined]) {
    withCi(ci, () => {
      const context = recordingContext();
      assert.equal(requireThirdParty('docusaurus/site', context, root), path.join(root, 'docusaurus', 'site'));
      assert.deepEqual(context.reasons, []);
    });
  }
});

test('in CI a missing input fails the test, naming the path and that CI always has the shared folder', () => {
  withCi('true', () => {
    const context = recordingContext();
    assert.throws(() => requireThirdParty('openapi/missing.yaml', context, root), (error: Error) => {
      assert.ok(error.message.includes(path.join(root, 'openapi', 'missing.yaml')), error.message);
      assert.match(error.message, /CI always has the shared folder/);
      return true;
    });
    assert.deepEqual(context.reasons, [], 'not skipped');
  });
});

test('outside CI a missing input skips the test with its reason, printed too', (t) => {
  const printed = t.mock.method(console, 'log', () => {});
  for (const ci of [undefined, 'false']) {
    withCi(ci, () => {
      const context = recordingContext();
      assert.equal(requireThirdParty('openapi/missing.yaml', context, root), undefined);
      assert.equal(context.reasons.length, 1);
      assert.ok(context.reasons[0]?.includes(path.join(root, 'openapi', 'missing.yaml')), context.reasons[0]);
      assert.match(context.reasons[0] ?? '', /not on this machine/);
    });
  }
  assert.equal(printed.mock.callCount(), 2);
  assert.match(String(printed.mock.calls[0].arguments[0]), /^skipped: .*openapi\/missing\.yaml is not on this machine/);
});
