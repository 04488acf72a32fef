/**
 * The path of the first value nested deeper than maxDepth objects or arrays, or null when the whole
 * value fits. Iterative, so a hostile body cannot exhaust the stack while it is being checked.
 */
export function tooDeepPath(value: unknown, maxDepth: number): string | null {
  const stack: { value: unknown; depth: number; path: string[] }[] = [{ value, depth: 0, path: [] }];
  while (stack.length > 0) {
    const item = stack.pop() as (typeof stack)[number];
    if (item.value === null || typeof item.value !== 'object') continue;
    const depth = item.depth + 1;
    if (depth > maxDepth) return item.path.join('.') || '(body)';
    for (const [key, child] of Object.entries(item.value)) {
      if (child !== null && typeof child === 'object') stack.push({ value: child, depth, path: [...item.path, key] });
    }
  }
  return null;
}
