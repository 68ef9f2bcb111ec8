import type { FooterView } from '../../src/shared/types.ts';
import { Link } from './Link.tsx';

export function Footer({ footer }: { footer: FooterView }) {
  return (
    <footer className={`footer footer-${footer.style}`}>
      <div className="footer-inner">
        <div className="footer-columns">
          {footer.columns.map((column, index) => (
            <div className="footer-column" key={index}>
              {column.title && <h2 className="footer-title">{column.title}</h2>}
              <ul>
                {column.items.map((item) => (
                  <li key={item.href}>
                    <Link href={item.href} external={item.external}>
                      {item.label}
                    </Link>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </div>
        <p className="footer-copyright">{footer.copyright}</p>
      </div>
    </footer>
  );
}
