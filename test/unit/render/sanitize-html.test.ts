import assert from 'node:assert/strict';
import { test } from 'node:test';
import { type HtmlProblem, sanitizeHtml } from '../../../src/render/sanitize-html.ts';

const sanitized = (html: string) => {
  const problems: HtmlProblem[] = [];
  return { html: sanitizeHtml(html, (problem) => problems.push(problem)), problems };
};

test('a navbar html item: an unsafe URL is an error, not a silently lost href', () => {
  const { html, problems } = sanitized('<b>ok</b><a href="javascript&colon;alert(1)">x</a><img src="data:text/html,x" alt="y">');
  assert.equal(html, '<b>ok</b><a>x</a><img alt="y">');
  assert.deepEqual(problems.map((problem) => [problem.fatal, problem.message]), [
    [true, 'unsafe <a href> "javascript:alert(1)": only http(s), mailto and site paths are allowed'],
    [true, 'unsafe <img src> "data:text/html,x": only http(s), site paths and inline PNG, JPEG, GIF, WebP or AVIF images are allowed'],
  ]);
});

test('a navbar html item: an id the page shell owns is renamed with a warning; safe links stay', () => {
  const { html, problems } = sanitized('<span id="route-announcer">x</span><a href="https://example.com" id="mine">y</a><a href="tel:+47">z</a>');
  assert.equal(html, '<span id="route-announcer-1">x</span><a href="https://example.com" id="mine">y</a><a href="tel:+47">z</a>');
  assert.equal(problems.length, 1);
  assert.equal(problems[0].fatal, false);
  assert.match(problems[0].message, /<span id="route-announcer"> takes an id the page shell uses/);
});
