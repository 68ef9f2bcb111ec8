/** A tag of a large API: its description, and its operations (the sidebar group links here). */
export function ApiTag({ descriptionHtml, operations, overview }: { descriptionHtml?: string; operations: { method: string; path: string; summary: string; href: string }[]; overview: { title: string; href: string } }) {
  return (
    <div className="api-tag">
      <p>
        A group of operations of the <a href={overview.href}>{overview.title}</a>.
      </p>
      {descriptionHtml && <div dangerouslySetInnerHTML={{ __html: descriptionHtml }} />}
      <h2 id="operations">Operations</h2>
      <ul>
        {operations.map((operation) => (
          <li key={operation.href}>
            <span className={`method-badge method-${operation.method.toLowerCase()}`}>{operation.method}</span> <a href={operation.href}>{operation.summary}</a> <code>{operation.path}</code>
          </li>
        ))}
      </ul>
    </div>
  );
}
