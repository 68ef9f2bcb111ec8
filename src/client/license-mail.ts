// The licence form's email hand-off when its action is a mailto: address (loaded on submit,
// src/client/enhancements.ts): the fields become the body of a message in the reader's mail app.

export function mailLicenseRequest(form: HTMLFormElement): void {
  const data = new FormData(form);
  const lines = [...data.entries()].map(([key, value]) => `${key}: ${String(value)}`);
  const address = form.getAttribute('action') ?? '';
  window.location.href = `${address}?subject=${encodeURIComponent('Developer license request')}&body=${encodeURIComponent(lines.join('\n'))}`;
}
