import { BOARD_BACKGROUND, CAPTURE_DELAY_MS, EXPORT_SCALE, IMAGE_TIMEOUT_MS } from './moodboard-layout';

/** modern-screenshot is fetched when a board opens, never with the first paint. */
export const loadScreenshot = () => import('modern-screenshot');

/** Skips parts of the board that are controls, not picture (marked data-export-skip). */
const isPicture = (node: Node) => !(node instanceof HTMLElement && 'exportSkip' in node.dataset);

/**
 * Spec section 4: waits 500 ms, captures the board at 2x with a 15 s image timeout and saves it as a
 * PNG. Rejects when the capture fails or comes back empty.
 */
export async function exportBoard(board: HTMLElement, fileName: string): Promise<Blob> {
  const [{ domToBlob }] = await Promise.all([
    loadScreenshot(),
    new Promise((resolve) => setTimeout(resolve, CAPTURE_DELAY_MS)),
  ]);
  const blob = await domToBlob(board, {
    scale: EXPORT_SCALE,
    timeout: IMAGE_TIMEOUT_MS,
    backgroundColor: BOARD_BACKGROUND,
    type: 'image/png',
    filter: isPicture,
  });
  if (!blob || blob.size === 0) throw new Error('The board could not be captured');
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
  return blob;
}
