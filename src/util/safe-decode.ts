/** decodeURIComponent, or the text as written when it holds a "%" that starts no escape ("100%e"): such a link is then reported as not found, where it is written, instead of stopping the build. */
export function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
