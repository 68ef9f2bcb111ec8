import assert from 'node:assert/strict';
import { test } from 'node:test';
import { renderToStaticMarkup } from 'react-dom/server';
import { LicenseForm } from '../../../templates/pages/LicenseForm.tsx';

// The licence form's destination is configuration Pexip has to confirm. Until licenseRequest.confirmed
// is true the page must say so, and the form must stay usable.

test('an unconfirmed destination is named as unconfirmed above a working form', () => {
  const html = renderToStaticMarkup(<LicenseForm action="mailto:requests@example.test" confirmed={false} />);
  assert.match(html, /data-license-unconfirmed=""[^>]*>.*Destination not yet confirmed.*<code>requests@example\.test<\/code>/s);
  assert.match(html, /<form[^>]*action="mailto:requests@example\.test"/);
  assert.ok(html.indexOf('data-license-unconfirmed') < html.indexOf('<form'), 'the notice comes before the form');
});

test('a confirmed destination shows no notice; an https endpoint is named by its host', () => {
  assert.doesNotMatch(renderToStaticMarkup(<LicenseForm action="mailto:requests@example.test" confirmed />), /not yet confirmed/);
  assert.match(renderToStaticMarkup(<LicenseForm action="https://forms.example.test/licence" confirmed={false} />), /<code>forms\.example\.test<\/code>/);
});
