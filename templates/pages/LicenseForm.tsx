/**
 * The developer licence request form. Validation is the browser's own (required fields, email
 * type); the client runtime turns a mailto: action into a prepared email. Nothing pretends to
 * have been submitted.
 */
export function LicenseForm({ action }: { action: string }) {
  const isMail = action.startsWith('mailto:');
  return (
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
  );
}
