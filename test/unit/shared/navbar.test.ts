import assert from 'node:assert/strict';
import { test } from 'node:test';
import { navbarForRoute } from '../../../src/shared/navbar.ts';
import type { NavbarItemView } from '../../../src/shared/types.ts';

const areas = [
  { id: 'infinity', label: 'Infinity', routeBasePath: '/docs/infinity', mainRoute: '/docs/infinity/introduction' },
  { id: 'vpaas', label: 'VPaaS', routeBasePath: '/docs/vpaas', mainRoute: '/docs/vpaas/introduction' },
];
const items: NavbarItemView[] = [
  { kind: 'link', label: 'Next', href: '/docs/infinity/introduction', position: 'right', external: false, followsArea: true },
  { kind: 'dropdown', label: 'Next', position: 'right', items: [{ label: 'Next', href: '/docs/infinity/introduction', external: false, followsArea: true }] },
  { kind: 'link', label: 'Community', href: '/community', position: 'left', external: false },
];

test('version items open the main doc of the area being read, elsewhere their own target', () => {
  const inVpaas = navbarForRoute(items, areas, '/docs/vpaas/api/create-meeting');
  assert.equal((inVpaas[0] as { href: string }).href, '/docs/vpaas/introduction');
  assert.equal((inVpaas[1] as { items: { href: string }[] }).items[0].href, '/docs/vpaas/introduction');
  assert.equal((inVpaas[2] as { href: string }).href, '/community', 'other items keep their target');
  assert.deepEqual(navbarForRoute(items, areas, '/community'), items);
  assert.deepEqual(navbarForRoute(items, areas, '/docs/vpaasx'), items, 'a route is in an area only below its base path');
});
