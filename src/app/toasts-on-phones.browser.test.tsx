import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { page } from 'vitest/browser';
import { cleanup } from 'vitest-browser-react';
import { addToastAtom } from '../state/toasts.ts';
import { renderApp } from './render-app-for-test.tsx';

beforeEach(() => localStorage.clear());
afterEach(() => cleanup());

const overlaps = (a: DOMRect, b: DOMRect) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

describe.each([
  [360, 740],
  [412, 915],
])('a toast on a %ix%i phone', (width, height) => {
  test('shows its whole message on at most two lines, over neither the page title nor the menu', async () => {
    await page.viewport(width, height);
    const { store } = await renderApp({ path: '/cards' });
    const title = page.getByRole('heading', { level: 1, name: 'Cards' });
    await expect.element(title).toBeVisible();
    store.set(addToastAtom, { type: 'success', title: 'Camera ready', message: 'Hold a card inside the frame.', duration: 0 });
    const toast = page.getByRole('status').filter({ hasText: 'Camera ready' });
    await expect.element(toast).toBeVisible();

    const text = toast.element().querySelector<HTMLElement>('.toast-text')!;
    expect(text.scrollHeight).toBeLessThanOrEqual(text.clientHeight + 1);
    expect(text.scrollWidth).toBeLessThanOrEqual(text.clientWidth + 1);
    const lineHeight = parseFloat(getComputedStyle(text).lineHeight);
    expect(text.clientHeight).toBeLessThanOrEqual(2 * lineHeight + 1);

    const toastBox = toast.element().getBoundingClientRect();
    expect(overlaps(toastBox, title.element().getBoundingClientRect())).toBe(false);
    expect(overlaps(toastBox, page.getByRole('button', { name: 'Menu' }).element().getBoundingClientRect())).toBe(false);
  });
});
