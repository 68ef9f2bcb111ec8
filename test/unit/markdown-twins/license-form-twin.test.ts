import assert from 'node:assert/strict';
import { test } from 'node:test';
import { licenseFormTwin } from '../../../src/markdown-twins/license-form-twin.ts';
import { markdownOf } from '../../../src/markdown-twins/mdast-nodes.ts';

test('the licence form twin says where a request goes and every field it needs, with the choices and the hint', () => {
  const twin = markdownOf(licenseFormTwin('mailto:licences@garden.example?subject=Licence', true));
  assert.doesNotMatch(twin, /not yet confirmed/);
  assert.match(twin, /The form prepares an email to `licences@garden\.example` with these fields:/);
  assert.match(twin, /- Full name \\\* `name`\n/);
  assert.match(twin, /- Infinity deployment `deployment`: one of "We run our own Pexip Infinity deployment", "We use a deployment run by a Pexip partner", "We do not have a deployment yet"\n/);
  assert.match(twin, /- What will you build\? \\\* `use`, at least 20 characters: A few sentences: /);
});

test('an unconfirmed destination is said as the page says it, and a form posted to a web address names it', () => {
  assert.match(markdownOf(licenseFormTwin('mailto:licences@garden.example', false)), /^> \*\*Destination not yet confirmed\*\*\n>\n> Pexip has not yet confirmed that requests sent to `licences@garden\.example` reach/);
  assert.match(markdownOf(licenseFormTwin('https://forms.garden.example/licence', true)), /The form sends the request to <https:\/\/forms\.garden\.example\/licence> with these fields:/);
});
