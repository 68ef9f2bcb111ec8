// The developer licence request form's words and fields, said once: the page draws them as a
// form (templates/pages/LicenseForm.tsx), the Markdown twin as the request to send.

export interface LicenseField {
  id: string;
  name: string;
  label: string;
  required: boolean;
  control: 'text' | 'email' | 'select' | 'textarea';
  autoComplete?: string;
  options?: { value: string; label: string }[];
  minLength?: number;
  hint?: { id: string; text: string };
}

export const licenseFields: LicenseField[] = [
  { id: 'license-name', name: 'name', label: 'Full name', required: true, control: 'text', autoComplete: 'name' },
  { id: 'license-email', name: 'email', label: 'Work email', required: true, control: 'email', autoComplete: 'email' },
  { id: 'license-company', name: 'company', label: 'Company', required: true, control: 'text', autoComplete: 'organization' },
  {
    id: 'license-deployment',
    name: 'deployment',
    label: 'Infinity deployment',
    required: false,
    control: 'select',
    options: [
      { value: '', label: 'Choose one' },
      { value: 'own', label: 'We run our own Pexip Infinity deployment' },
      { value: 'partner', label: 'We use a deployment run by a Pexip partner' },
      { value: 'none', label: 'We do not have a deployment yet' },
    ],
  },
  {
    id: 'license-use',
    name: 'use',
    label: 'What will you build?',
    required: true,
    control: 'textarea',
    minLength: 20,
    hint: { id: 'license-use-hint', text: 'A few sentences: the app or integration, which platform (web, Android, iOS, plugin), and roughly when you plan to test.' },
  },
];

/** Where the form sends a request, and what the page says of it. */
export function licenseFormWords(action: string) {
  const isMail = action.startsWith('mailto:');
  const destination = isMail ? action.slice('mailto:'.length).split('?')[0] : new URL(action).host;
  return {
    isMail,
    destination,
    unconfirmedTitle: 'Destination not yet confirmed',
    unconfirmed: [
      'Pexip has not yet confirmed that requests sent to ',
      ' reach the people who grant developer licenses. You can still prepare your request with this form; if no answer comes, ask your Pexip contact or the community forum where to send it.',
    ] as const,
    note: `All fields marked with * are required. ${isMail ? 'Sending the form opens your email program with the request filled in; nothing is sent until you send that email.' : 'The request is sent to Pexip when you press the button.'}`,
    button: isMail ? 'Prepare the request email' : 'Send the request',
  };
}
