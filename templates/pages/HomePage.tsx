import { type AssistantSetup, assistantIntro } from '../../src/shared/assistant-setup.ts';
import { CodeBlock } from '../content/CodeBlock.tsx';
import type { HomeArea } from '../../src/shared/page-models.ts';

/**
 * The home page: the hero with title and tagline, the three areas and what each offers, then how
 * to give an AI assistant these docs (an MCP server over the published site, nothing to install).
 */
export function HomePage({ title, tagline, areas, assistants }: { title: string; tagline: string; areas: HomeArea[]; assistants: AssistantSetup[] }) {
  return (
    <div className="home">
      <header className="hero">
        <h1 className="hero-title">{title}</h1>
        <p className="hero-tagline">{tagline}</p>
        <p className="hero-actions">
          {areas.map((area) => (
            <a key={area.href} className="button" href={area.href}>
              {area.title}
            </a>
          ))}
        </p>
      </header>
      <section className="home-areas" aria-labelledby="home-areas-heading">
        <h2 id="home-areas-heading" className="visually-hidden">
          Documentation areas
        </h2>
        {areas.map((area) => (
          <article className="home-area" key={area.href}>
            <h3>
              <a href={area.href}>{area.title}</a>
            </h3>
            <p>{area.summary}</p>
            <ul>
              {area.offers.map((offer) => (
                <li key={offer.href}>
                  <a href={offer.href}>{offer.label}</a>
                </li>
              ))}
            </ul>
          </article>
        ))}
      </section>
      {assistants.length > 0 && (
        <section className="home-assistants" aria-labelledby="home-assistants-heading">
          <h2 id="home-assistants-heading">Add to your assistant</h2>
          <p>{assistantIntro}</p>
          {assistants.map((setup) => (
            <div key={setup.assistant}>
              <h3>{setup.assistant}</h3>
              <p>{setup.file ? <>Save this as <code>{setup.file}</code> in your project:</> : 'Run this once in your project:'}</p>
              <CodeBlock data-language={setup.language} data-title={setup.file}>
                <code>{setup.code}</code>
              </CodeBlock>
            </div>
          ))}
        </section>
      )}
    </div>
  );
}
