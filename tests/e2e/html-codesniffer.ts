import type { Page } from 'playwright-core';

/**
 * What HTML_CodeSniffer (pa11y's own runner, WCAG 2 AA) calls errors on the page as it stands: its code,
 * its message and the start of the element. The sniffer is put in with DevTools' evaluate, which the
 * page's Content-Security-Policy does not govern, as pa11y does with its browser.
 */
export async function htmlcsErrors(page: Page): Promise<string[]> {
  const { readFile } = await import('node:fs/promises');
  const { createRequire } = await import('node:module');
  const source = await readFile(
    createRequire(import.meta.url).resolve('@pa11y/html_codesniffer/build/HTMLCS.js'),
    'utf8',
  );
  await page.evaluate(source);
  return page.evaluate(
    () =>
      new Promise<string[]>((resolve, reject) => {
        type Message = { type: number; code: string; msg: string; element: Element };
        interface Sniffer {
          process(standard: string, root: Document, done: (error?: Error) => void): void;
          getMessages(): Message[];
        }
        const sniffer = (globalThis as unknown as { HTMLCS: Sniffer }).HTMLCS;
        sniffer.process('WCAG2AA', document, (error?: Error) => {
          if (error) return reject(error);
          // 1 is an error; 2 and 3 (warnings, notices) ask a person to look and are not counted, as in pa11y's default.
          resolve(
            sniffer
              .getMessages()
              .filter((message) => message.type === 1)
              .map((message) => `${message.code}: ${message.msg} (${message.element.outerHTML.slice(0, 160)})`),
          );
        });
      }),
  );
}
