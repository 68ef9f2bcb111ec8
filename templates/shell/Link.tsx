import type { AnchorHTMLAttributes, ReactNode } from 'react';

type LinkProps = AnchorHTMLAttributes<HTMLAnchorElement> & { href: string; external?: boolean; children: ReactNode };

/** An anchor; external ones are marked so the client router leaves them alone and readers know. */
export function Link({ href, external, children, ...rest }: LinkProps) {
  if (external) {
    return (
      <a href={href} rel="noopener noreferrer" data-external="" {...rest}>
        {children}
      </a>
    );
  }
  return (
    <a href={href} {...rest}>
      {children}
    </a>
  );
}
