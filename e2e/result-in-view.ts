import { expect } from 'vitest';
import type { Page } from 'playwright-core';

/**
 * A result the collector sees without scrolling: its heading below the app's header, and its
 * last part (`last`, a selector) above the window's bottom.
 */
export async function expectResultInView(page: Page, heading: string, last: string) {
  const box = await page.evaluate(
    ([headingSelector, lastSelector]) => {
      const header = document.querySelector('.app-header')!.getBoundingClientRect();
      return {
        headerBottom: header.bottom,
        top: document.querySelector(headingSelector!)!.getBoundingClientRect().top,
        bottom: document.querySelector(lastSelector!)!.getBoundingClientRect().bottom,
        height: window.innerHeight,
      };
    },
    [heading, last],
  );
  expect(box.top).toBeGreaterThanOrEqual(box.headerBottom);
  expect(box.bottom).toBeLessThanOrEqual(box.height);
}
