// Where an export shown in full lives: its group's page, and the next page of the group once the
// group is longer than one page holds (a package with 187 variables was over 100,000 characters).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Kind, moduleGroupPageSize, routeOfTopLevel, type Declaration } from '../../../src/typedoc/symbols.ts';

const declaration = (name: string, kind: number, id: number) => ({ id, name, kind, flags: {}, variant: 'declaration' }) as unknown as Declaration;
const variables = Array.from({ length: moduleGroupPageSize + 20 }, (_, i) => declaration(`knob${i}`, Kind.Variable, i));
const exports = [declaration('Panel', Kind.Interface, 1000), declaration('turn', Kind.Function, 1001), ...variables];
const base = '/docs/infinity/packages/knobs';

test('an export is at its anchor on its group\'s page; a long group goes on to a second page', () => {
  assert.equal(routeOfTopLevel(base, exports[0], exports), `${base}/interfaces/Panel`);
  assert.equal(routeOfTopLevel(base, exports[1], exports), `${base}/modules/functions#turn`);
  assert.equal(routeOfTopLevel(base, variables[0], exports), `${base}/modules/variables#knob0`);
  assert.equal(routeOfTopLevel(base, variables[moduleGroupPageSize - 1], exports), `${base}/modules/variables#knob${moduleGroupPageSize - 1}`);
  assert.equal(routeOfTopLevel(base, variables[moduleGroupPageSize], exports), `${base}/modules/variables-2#knob${moduleGroupPageSize}`);
});
