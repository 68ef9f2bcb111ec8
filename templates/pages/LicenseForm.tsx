/**
 * The developer licence request form. Validation is the browser's own (required fields, email
 * type); the client runtime turns a mailto: action into a prepared email. Nothing pretends to
 * have been submitted.
 */
export function LicenseForm({ action, confirmed }: { action: string; confirmed: boolean }) {
  const isMail = action.startsWith('mailto:');
  const destination = isMail ? action.slice('mailto:'.length).split('?')[0] : new URL(action).host;
  return (
    <>
      {confirmed ? null : (
        // An address nobody at Pexip has confirmed is shown as what it is, not as the real one.
        <div className="admonition admonition-warning" role="note" data-license-unconfirmed="">
          <p className="admonition-heading">Destination not yet confirmed</p>
          <div className="admonition-content">
            <p>
              Pexip has not yet confirmed that requests sent to <code>{destination}</code> reach the people who grant developer
              licenses. You can still prepare your request with this form; if no answer comes, ask your Pexip contact or the
              community forum where to send it.
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
        {...(isMail ? { encType: 'text/plain' } : {})}
      >
        <p id="license-form-note" className="form-note">
          All fields marked with * are required.{' '}
          {isMail
            ? 'Sending the form opens your email program with the request filled in; nothing is sent until you send that email.'
            : 'The request is sent to Pexip when you press the button.'}
        </p>
        <div className="form-field">
          <label htmlFor="license-name">Full name *</label>
          <input id="license-name" name="name" type="text" autoComplete="name" required />
        </div>
        <div className="form-field">
          <label htmlFor="license-email">Work email *</label>
          <input id="license-email" name="email" type="email" autoComplete="email" required />
        </div>
        <div className="form-field">
          <label htmlFor="license-company">Company *</label>
          <input id="license-company" name="company" type="text" autoComplete="organization" required />
        </div>
        <div className="form-field">
          <label htmlFor="license-deployment">Infinity deployment</label>
          <select id="license-deployment" name="deployment" defaultValue="">
            <option value="">Choose one</option>
            <option value="own">We run our own Pexip Infinity deployment</option>
            <option value="partner">We use a deployment run by a Pexip partner</option>
            <option value="none">We do not have a deployment yet</option>
          </select>
        </div>
        <div className="form-field">
          <label htmlFor="license-use">What will you build? *</label>
          <textarea id="license-use" name="use" rows={5} minLength={20} required aria-describedby="license-use-hint" />
          <p id="license-use-hint" className="form-hint">
            A few sentences: the app or integration, which platform (web, Android, iOS, plugin), and roughly when you plan to test.
          </p>
        </div>
        <button type="submit" className="button">
          {isMail ? 'Prepare the request email' : 'Send the request'}
        </button>
      </form>
    </>
  );
}
