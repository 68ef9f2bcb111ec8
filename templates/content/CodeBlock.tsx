import type { ReactNode } from 'react';
import { notCheckedPrefix } from '../../src/shared/sample-check.ts';

/**
 * A highlighted code block (highlighting happened at build time) with its optional title, a
 * copy button (one delegated listener in the client runtime) and a quiet line saying what the
 * test suite checked the sample with, or, for a sample shown from elsewhere, that nothing did.
 */
export function CodeBlock(props: { 'data-language'?: string; 'data-title'?: string; 'data-checked-with'?: string; 'data-not-checked'?: string; children?: ReactNode }) {
  const title = props['data-title'];
  const language = props['data-language'];
  const checkedWith = props['data-checked-with'];
  const notChecked = props['data-not-checked'];
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
      {checkedWith ? (
        <p className="code-block-check">
          <span className="code-block-check-mark" aria-hidden="true">
            ✓
          </span>{' '}
          Checked with {checkedWith}
        </p>
      ) : (
        notChecked && (
          <p className="code-block-check">
            {`${notCheckedPrefix}${notChecked}`}
          </p>
        )
      )}
    </div>
  );
}
