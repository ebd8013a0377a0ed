import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { createStore } from 'jotai';
import { addToastAtom, clearToastsAtom, removeToastAtom, toastsAtom } from './toasts.ts';

describe('toasts', () => {
  let store: ReturnType<typeof createStore>;
  beforeEach(() => {
    vi.useFakeTimers();
    store = createStore();
  });
  afterEach(() => vi.useRealTimers());

  const titles = () => store.get(toastsAtom).map((toast) => toast.title);

  test('a toast stays 5000 ms by default, then removes itself', () => {
    store.set(addToastAtom, { type: 'info', title: 'Camera restarted' });
    expect(store.get(toastsAtom)[0]).toMatchObject({ type: 'info', title: 'Camera restarted', duration: 5000 });
    vi.advanceTimersByTime(4999);
    expect(titles()).toEqual(['Camera restarted']);
    vi.advanceTimersByTime(1);
    expect(titles()).toEqual([]);
  });

  test('a toast with its own duration is removed after it', () => {
    store.set(addToastAtom, { type: 'success', title: 'Camera ready', duration: 3000 });
    vi.advanceTimersByTime(2999);
    expect(titles()).toEqual(['Camera ready']);
    vi.advanceTimersByTime(1);
    expect(titles()).toEqual([]);
  });

  test('duration 0 keeps a toast until it is dismissed', () => {
    const id = store.set(addToastAtom, { type: 'error', title: 'Camera Error', message: 'Unable to access camera.', duration: 0 });
    vi.advanceTimersByTime(60_000);
    expect(titles()).toEqual(['Camera Error']);
    store.set(removeToastAtom, id);
    expect(titles()).toEqual([]);
  });

  test('a toast with the same id replaces the earlier one and its timer', () => {
    store.set(addToastAtom, { id: 'scan', type: 'info', title: 'Identifying...', duration: 0 });
    store.set(addToastAtom, { id: 'scan', type: 'success', title: 'Found: Pikachu', duration: 5000 });
    expect(titles()).toEqual(['Found: Pikachu']);
    vi.advanceTimersByTime(5000);
    expect(titles()).toEqual([]);
  });

  test('clear removes every toast and cancels their timers', () => {
    store.set(addToastAtom, { type: 'info', title: 'one' });
    store.set(addToastAtom, { type: 'warning', title: 'two', duration: 0 });
    store.set(clearToastsAtom);
    expect(titles()).toEqual([]);
    store.set(addToastAtom, { type: 'info', title: 'three', duration: 10_000 });
    vi.advanceTimersByTime(5000);
    expect(titles()).toEqual(['three']);
  });
});
