import { licenseFields, licenseFormWords } from '../../src/shared/license-form.ts';

/**
 * The developer licence request form. Validation is the browser's own (required fields, email
 * type); the client runtime turns a mailto: action into a prepared email. Nothing pretends to
 * have been submitted.
 */
export function LicenseForm({ action, confirmed }: { action: string; confirmed: boolean }) {
  const words = licenseFormWords(action);
  return (
    <>
      {confirmed ? null : (
        // An address nobody at Pexip has confirmed is shown as what it is, not as the real one.
        <div className="admonition admonition-warning" role="note" data-license-unconfirmed="">
          <p className="admonition-heading">{words.unconfirmedTitle}</p>
          <div className="admonition-content">
            <p>
              {words.unconfirmed[0]}
              <code>{words.destination}</code>
              {words.unconfirmed[1]}
            </p>
          </div>
        </div>
      )}
      <form
        className="license-form"
        action={action}
        method="post"
        data-license-form=""
        aria-describedby="license-form-note"
        {...(words.isMail ? { encType: 'text/plain' } : {})}
      >
        <p id="license-form-note" className="form-note">
          {words.note}
        </p>
        {licenseFields.map((field) => (
          <div key={field.id} className="form-field">
            <label htmlFor={field.id}>
              {field.label}
              {field.required ? ' *' : ''}
            </label>
            {field.control === 'select' ? (
              <select id={field.id} name={field.name} defaultValue="">
                {field.options!.map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </select>
            ) : field.control === 'textarea' ? (
              <textarea id={field.id} name={field.name} rows={5} minLength={field.minLength} required={field.required} aria-describedby={field.hint?.id} />
            ) : (
              <input id={field.id} name={field.name} type={field.control} autoComplete={field.autoComplete} required={field.required} />
            )}
            {field.hint && (
              <p id={field.hint.id} className="form-hint">
                {field.hint.text}
              </p>
            )}
          </div>
        ))}
        <button type="submit" className="button">
          {words.button}
        </button>
      </form>
    </>
  );
}
