import assert from 'node:assert/strict';
import vm from 'node:vm';
import { describe, test } from 'node:test';
import { headScript } from '../../../src/render/head-script.ts';

/** Runs the head script against a stand-in document: the stored choice and the system's mode. */
function themeAfter(script: string, options: { stored?: string; system?: 'dark' | 'light' }): string | undefined {
  const attributes = new Map<string, string>();
  const context = {
    document: { documentElement: { setAttribute: (name: string, value: string) => attributes.set(name, value) }, addEventListener: () => {} },
    localStorage: { getItem: (key: string) => (key === 'theme' ? (options.stored ?? null) : null) },
    matchMedia: (query: string) => ({ matches: options.system !== undefined && query.includes(options.system) }),
  };
  vm.runInNewContext(script, context);
  return attributes.get('data-theme');
}

describe('the head script sets the colour mode before first paint', () => {
  test('respectPrefersColorScheme on: no stored choice follows the system, a stored choice wins', () => {
    const script = headScript('light', undefined, undefined, true);
    assert.equal(themeAfter(script, { system: 'dark' }), 'dark');
    assert.equal(themeAfter(script, { system: 'light' }), 'light');
    assert.equal(themeAfter(script, {}), 'light', 'no system preference: the default mode');
    assert.equal(themeAfter(script, { system: 'dark', stored: 'light' }), 'light');
    assert.equal(themeAfter(headScript('dark', undefined, undefined, true), { system: 'light' }), 'light');
  });

  test('respectPrefersColorScheme off (the default): the system is ignored', () => {
    assert.equal(themeAfter(headScript('light', undefined), { system: 'dark' }), 'light');
    assert.equal(themeAfter(headScript('dark', undefined, undefined, false), { system: 'light' }), 'dark');
    assert.equal(themeAfter(headScript('light', undefined), { system: 'dark', stored: 'dark' }), 'dark');
  });
});
