/** The catch-all page for unknown paths (served with status 404). */
export function NotFound({ areas }: { areas: { title: string; href: string }[] }) {
  return (
    <div className="not-found">
      <h1>Page not found</h1>
      <p>We could not find the page you asked for. It may have moved when the portal was reorganised.</p>
      <p>Try one of the documentation areas:</p>
      <ul>
        {areas.map((area) => (
          <li key={area.href}>
            <a href={area.href}>{area.title}</a>
          </li>
        ))}
      </ul>
      <p>
        Or go back to the <a href="/">home page</a>.
      </p>
    </div>
  );
}
