/** How old a saved copy is, in words: 'from 5 minutes ago', 'from 3 hours ago', 'from 2 days ago'. */
export function savedCopyAge(savedAt: string, now = Date.now()): string {
  const minutes = Math.max(0, Math.round((now - Date.parse(savedAt)) / 60_000));
  if (minutes < 2) return 'from just now';
  if (minutes < 60) return `from ${minutes} minutes ago`;
  const hours = Math.round(minutes / 60);
  if (hours < 48) return `from ${hours} ${hours === 1 ? 'hour' : 'hours'} ago`;
  return `from ${Math.round(hours / 24)} days ago`;
}
