import type { RootContent } from 'mdast';
import { licenseFields, licenseFormWords } from '../shared/license-form.ts';
import { blockquote, inlineCode, link, list, paragraph, strong, text } from './mdast-nodes.ts';

// The licence request form as Markdown, from the same fields and words the page's form is drawn
// from: where a request goes and what it needs, which a reader of the twin cannot press a button for.

export function licenseFormTwin(action: string, confirmed: boolean): RootContent[] {
  const words = licenseFormWords(action);
  return [
    ...(confirmed ? [] : [blockquote(paragraph(strong(text(words.unconfirmedTitle))), paragraph(text(words.unconfirmed[0]), inlineCode(words.destination), text(words.unconfirmed[1])))]),
    paragraph(text(words.note)),
    words.isMail
      ? paragraph(text('The form prepares an email to '), inlineCode(words.destination), text(' with these fields:'))
      : paragraph(text('The form sends the request to '), link(action, text(action)), text(' with these fields:')),
    list(
      licenseFields.map((field) => [
        paragraph(
          text(`${field.label}${field.required ? ' *' : ''} `),
          inlineCode(field.name),
          ...(field.minLength ? [text(`, at least ${field.minLength} characters`)] : []),
          ...(field.options ? [text(`: one of ${field.options.filter((option) => option.value).map((option) => `"${option.label}"`).join(', ')}`)] : []),
          ...(field.hint ? [text(`: ${field.hint.text}`)] : []),
        ),
      ]),
    ),
  ];
}
