import type { ApiTagModel } from '../../src/shared/page-models.ts';

/** A group of a large API (a tag, or a path its operations share): its description, and its operations (the sidebar group links here). */
export function ApiTag({ descriptionHtml, pathPrefix, operations, overview }: ApiTagModel) {
  return (
    <div className="api-tag">
      <p>
        A group of operations of the <a href={overview.href}>{overview.title}</a>.
      </p>
      {pathPrefix && (
        <p>
          The operations on <code>{pathPrefix}</code> and the paths below it.
        </p>
      )}
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
