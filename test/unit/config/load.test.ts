import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { validateConfig } from '../../../src/config/load.ts';
import { formatProblem, PortalError } from '../../../src/errors.ts';
import fixtureConfig from '../../fixtures/basic/portal.config.ts';

function problemsOf(value: unknown): string[] {
  try {
    validateConfig(value);
  } catch (error) {
    assert.ok(error instanceof PortalError, 'validation throws a PortalError, not a crash');
    return error.problems.map(formatProblem);
  }
  return [];
}

describe('config validation', () => {
  test('the fixture config is valid and gets the documented defaults', () => {
    const config = validateConfig(fixtureConfig);
    assert.equal(config.breakpoint, 996);
    assert.equal(config.progressBarDelay, 200);
    assert.equal(config.loaderDelay, 200);
    assert.deepEqual(config.toc, { minHeadingLevel: 2, maxHeadingLevel: 5 });
    assert.deepEqual(config.colorMode, { defaultMode: 'light', disableSwitch: false, respectPrefersColorScheme: false });
    assert.equal(config.navbar.hideOnScroll, false);
    assert.equal(config.navbar.items[2].type, 'default', 'an item without a type is a plain link');
  });

  test('an unknown navbar item type fails with its path, the closest type and the allowed list', () => {
    const items = [...fixtureConfig.navbar.items, { type: 'dropdwn', label: 'X', items: [] }];
    const [problem, ...rest] = problemsOf({ ...fixtureConfig, navbar: { items } });
    assert.equal(rest.length, 0);
    assert.match(problem, /navbar\.items\[5\]\.type: unknown navbar item type "dropdwn"/);
    assert.match(problem, /Did you mean "dropdown"\?/);
    assert.match(problem, /docsVersionDropdown, localeDropdown/);
  });

  test('a docSidebar link names any configured area, and an unknown one fails at its path with the areas there are', () => {
    const areas = { ...fixtureConfig.areas, rooms: { label: 'Rooms', path: 'rooms', mainDoc: 'rooms/introduction' } };
    const items = [...fixtureConfig.navbar.items, { type: 'docSidebar', sidebarId: 'rooms', label: 'Rooms' }];
    assert.deepEqual(problemsOf({ ...fixtureConfig, areas, navbar: { items } }), [], 'a new area is a new key, nothing else');
    const [problem, ...rest] = problemsOf({ ...fixtureConfig, areas, navbar: { items: [...fixtureConfig.navbar.items, { type: 'docSidebar', sidebarId: 'room', label: 'Rooms' }] } });
    assert.equal(rest.length, 0);
    assert.match(problem, /navbar\.items\[5\]\.sidebarId: "room" is not one of the areas \(infinity, vpaas, oneTouchJoin, rooms\)/);
  });

  test('every problem is reported at once, each by its config path', () => {
    const problems = problemsOf({ ...fixtureConfig, title: undefined, breakpoint: 'wide', tittle: 'x', footer: { ...fixtureConfig.footer, style: 'blue' } });
    assert.equal(problems.length, 4, problems.join('\n'));
    assert.ok(problems.some((p) => /title: is required/.test(p)));
    assert.ok(problems.some((p) => /breakpoint: expected number, got the string "wide"/.test(p)));
    assert.ok(problems.some((p) => /unknown key "tittle"/.test(p) && /Did you mean "title"/.test(p)));
    assert.ok(problems.some((p) => /footer\.style: must be one of "light", "dark"/.test(p)));
  });

  test('two redirects from one path, and a placeholder without values, fail', () => {
    const problems = problemsOf({
      ...fixtureConfig,
      redirects: [
        { from: '/old', to: '/docs/infinity/introduction' },
        { from: '/old', to: '/docs/vpaas/introduction' },
        { from: '/docs/category/{product}-x', to: '/docs/category/guides' },
      ],
    });
    assert.equal(problems.length, 2, problems.join('\n'));
    assert.match(problems[0], /redirects\[1\]\.from: "\/old" is already redirected by redirects\[0\]/);
    assert.match(problems[1], /placeholder \{product\} has no values/);
  });

  test('a missing export is explained', () => {
    assert.match(problemsOf(undefined)[0], /no default export/);
  });

  test('a javascript: navbar dropdown href is refused at its path, with why and the fix', () => {
    const items = [...fixtureConfig.navbar.items.slice(0, 4), { type: 'dropdown', label: 'More', position: 'right', items: [{ label: 'Run', href: 'javascript:alert(1)' }] }];
    const [problem, ...rest] = problemsOf({ ...fixtureConfig, navbar: { items } });
    assert.equal(rest.length, 0, rest.join('\n'));
    assert.match(problem, /navbar\.items\[4\]\.items\[0\]\.href: unsafe URL "javascript:alert\(1\)": only http\(s\), mailto and site paths are allowed/);
    assert.match(problem, /A javascript: URL runs script\. Link to a site path/);
  });

  test('every URL field of the config follows the same rule: footer links and logo, the site logo, edit URLs, outside links', () => {
    const problems = problemsOf({
      ...fixtureConfig,
      logo: { src: 'data:image/svg+xml,<svg onload="alert(1)"/>', alt: 'Logo' },
      footer: {
        ...fixtureConfig.footer,
        links: [{ title: 'Docs', items: [{ label: 'Mixed case', href: 'JavaScript:alert(1)' }] }],
        logo: { src: 'img/logo.svg', alt: 'Logo', href: ' vbscript:msgbox(1)' },
      },
      areas: { ...fixtureConfig.areas, vpaas: { ...fixtureConfig.areas.vpaas, editUrl: 'data:text/html,<script>alert(1)</script>' } },
      externalLinks: { forum: 'javascript:alert(2)' },
    });
    const paths = problems.map((problem) => /^portal\.config\.ts {2}error: ([^:]+):/.exec(problem)?.[1] ?? problem);
    assert.deepEqual(paths.sort(), ['areas.vpaas.editUrl', 'externalLinks.forum', 'footer.links[0].items[0].href', 'footer.logo.href', 'logo.src'], problems.join('\n'));
    assert.ok(problems.every((problem) => /unsafe (image )?URL/.test(problem)));
  });

  test('an inline PNG logo and a tel: link are allowed', () => {
    const config = validateConfig({
      ...fixtureConfig,
      logo: { src: 'data:image/png;base64,iVBORw0KGgo=', alt: 'Logo' },
      footer: { ...fixtureConfig.footer, links: [{ label: 'Call us', href: 'tel:+4712345678' }] },
    });
    assert.equal(config.logo.src, 'data:image/png;base64,iVBORw0KGgo=');
  });
});
