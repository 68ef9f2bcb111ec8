import type { ReactNode } from 'react';

/**
 * A highlighted code block (highlighting happened at build time) with its optional title and a
 * copy button; the button works through one delegated listener in the client runtime.
 */
export function CodeBlock(props: { 'data-language'?: string; 'data-title'?: string; children?: ReactNode }) {
  const title = props['data-title'];
  const language = props['data-language'];
  return (
    <div className="code-block" data-language={language}>
      {title && <div className="code-block-title">{title}</div>}
      <div className="code-block-body">
        <pre tabIndex={0} role="group" aria-label={title ? `Code: ${title}` : language ? `${language} code` : 'Code'}>
          {props.children}
        </pre>
        <button type="button" className="copy-button" aria-label="Copy code to clipboard" data-copy-code="">
          Copy
        </button>
      </div>
    </div>
  );
}
