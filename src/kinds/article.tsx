import type { Root } from 'hast';
import { Fragment, jsx, jsxs } from 'react/jsx-runtime';
import { renderToStaticMarkup } from 'react-dom/server';
import rehypeReact from 'rehype-react';
import { unified } from 'unified';
import { Admonition } from '../../templates/content/Admonition.tsx';
import { CodeBlock } from '../../templates/content/CodeBlock.tsx';

// rehype-react hands the tree the Markdown layer made to the templates, which own the markup of
// admonitions and code blocks: the Markdown kinds' article, and Markdown shown by the sources
// (which are handed this function as an ArticleRenderer).
const toReact = unified().use(rehypeReact, {
  Fragment,
  jsx,
  jsxs,
  components: { aside: Admonition as never, pre: CodeBlock as never },
});

/** The article HTML of a Markdown page; computed once and shared by the page and its data file. */
export function renderArticle(hast: Root): string {
  return renderToStaticMarkup(toReact.stringify(hast) as React.ReactElement);
}
