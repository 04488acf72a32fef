/** A rule's message ("phone may hold …") as a sentence for the page: capital first, full stop last. */
export function asSentence(message: string | null): string | null {
  if (!message) return null;
  const text = `${message.charAt(0).toUpperCase()}${message.slice(1)}`;
  return /[.!?]$/.test(text) ? text : `${text}.`;
}
