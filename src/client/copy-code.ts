// A code block's copy button (loaded on its first click, src/client/enhancements.ts).

export async function copyCode(button: HTMLButtonElement) {
  const code = button.closest('.code-block')?.querySelector('pre')?.innerText ?? '';
  try {
    await navigator.clipboard.writeText(code);
    button.textContent = 'Copied';
  } catch {
    button.textContent = 'Press Ctrl+C';
    const range = document.createRange();
    range.selectNodeContents(button.closest('.code-block')!.querySelector('pre')!);
    getSelection()?.removeAllRanges();
    getSelection()?.addRange(range);
  }
  setTimeout(() => (button.textContent = 'Copy'), 2000);
}
