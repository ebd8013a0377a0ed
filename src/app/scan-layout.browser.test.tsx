import { afterEach, describe, expect, test } from 'vitest';
import { page } from 'vitest/browser';
import { cleanup } from 'vitest-browser-react';
import { renderApp } from './render-app-for-test.tsx';
import { addToastAtom } from '../state/toasts.ts';

afterEach(() => cleanup());

const viewports = [
  { width: 360, height: 640 },
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
];

/** Whether the element lies wholly inside the viewport, and the point at its centre is the element (or inside it). */
function reachable(element: Element): { inside: boolean; onTop: boolean } {
  const box = element.getBoundingClientRect();
  const inside = box.top >= 0 && box.left >= 0 && box.bottom <= window.innerHeight && box.right <= window.innerWidth;
  const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
  return { inside, onTop: hit !== null && (hit === element || element.contains(hit)) };
}

describe.each(viewports)('the Scan screen at $width x $height', ({ width, height }) => {
  test('shows the camera, the whole card frame and the capture button when it opens, even under toasts and notes', { timeout: 40_000 }, async () => {
    await page.viewport(width, height);
    // An administrator on a new install whose server cannot download card images (the test API's):
    // the longest note the Scan screen shows above the camera, what is wrong and what to configure.
    const { store } = await renderApp({ path: '/', auth: { authenticated: true, permissions: ['iam.debug.admin'] } });
    await expect.element(page.getByRole('button', { name: 'Restart Camera' })).toBeVisible();
    await expect.element(page.getByText('Set ASSETS_BASE_URL to a reachable mirror', { exact: false }), { timeout: 25_000 }).toBeVisible();
    // The screen's own toasts come first (on a phone only the newest shows): the engine says how it loaded.
    await expect.element(page.getByText(/AI model loaded|Basic mode/), { timeout: 25_000 }).toBeVisible();
    for (const [type, title] of [
      ['error', 'Camera Error'],
      ['success', 'AI model loaded'],
      ['info', 'Capturing...'],
    ] as const) {
      store.set(addToastAtom, { type, title, message: 'A message long enough to wrap on a phone if it were allowed to', duration: 0 });
    }
    await expect.element(page.getByText('Capturing...')).toBeVisible();
    const frame = document.querySelector('.card-frame')!;
    const capture = document.querySelector('.capture-button')!;
    expect(reachable(frame)).toEqual({ inside: true, onTop: true });
    expect(reachable(capture)).toEqual({ inside: true, onTop: true });
    expect(reachable(document.querySelector('.camera-view')!).inside).toBe(true);
    expect(window.scrollY).toBe(0);
  });
});
