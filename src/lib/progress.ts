/** Spec section 4: loaded / total as a whole percentage, capped at 100 (failures count as loaded). */
export function progressPercent(loaded: number, total: number): number {
  if (total <= 0) return 100;
  return Math.min(100, Math.round((Math.max(0, loaded) / total) * 100));
}
