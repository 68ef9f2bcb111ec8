export interface HomeArea {
  title: string;
  href: string;
  summary: string;
  offers: { label: string; href: string }[];
}

/** The home page: the hero with title and tagline, then the three areas and what each offers. */
export function HomePage({ title, tagline, areas }: { title: string; tagline: string; areas: HomeArea[] }) {
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
    </div>
  );
}
