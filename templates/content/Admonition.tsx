import { Children, isValidElement, type ReactNode } from 'react';
import { admonitionOf } from '../../src/shared/admonitions.ts';


// Drawn icons (no emoji font needed), one per kind.
const icons: Record<string, ReactNode> = {
  note: <path d="M4 3h12l4 4v14H4zM8 11h8M8 15h8M8 7h5" />,
  info: <path d="M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20zM12 11v6M12 7v.5" />,
  tip: <path d="M9 18h6M10 21h4M12 3a6 6 0 0 0-4 10.5c.7.7 1 1.5 1 2.5h6c0-1 .3-1.8 1-2.5A6 6 0 0 0 12 3z" />,
  warning: <path d="M12 3 2 20h20zM12 10v4M12 17v.5" />,
  danger: <path d="M8 2h8l6 6v8l-6 6H8l-6-6V8zM12 7v6M12 16.5v.5" />,
};

/** `:::kind[title]` blocks: an aside with a visible title so the kind is not told by colour alone. */
export function Admonition(props: { 'data-admonition'?: string; 'data-title'?: string; children?: ReactNode }) {
  const kind = props['data-admonition'] ?? 'note';
  const title = props['data-title'] ?? admonitionOf(kind).label;
  // A written title arrives as the first child, with its inline markup (bold, code, links).
  const children = Children.toArray(props.children);
  const titleIndex = children.findIndex((child) => isValidElement(child) && (child.props as Record<string, unknown>)['data-admonition-title'] !== undefined);
  const [written] = titleIndex >= 0 ? children.splice(titleIndex, 1) : [];
  const heading = isValidElement(written) ? (written.props as { children?: ReactNode }).children : title;
  return (
    <aside className={`admonition admonition-${kind}`} aria-label={title}>
      <p className="admonition-heading">
        <svg className="admonition-icon" viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
          {icons[kind]}
        </svg>
        {heading}
      </p>
      <div className="admonition-content">{children}</div>
    </aside>
  );
}
