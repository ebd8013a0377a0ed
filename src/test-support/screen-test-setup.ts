import { afterEach, beforeEach, vi } from 'vitest';
import { page } from 'vitest/browser';
import { cleanup } from 'vitest-browser-react';
import { recordApiRequests } from './api-requests.ts';

/**
 * Every screen test starts on a desktop-sized page with no stored preferences and a fresh record of
 * its API requests, and leaves no timers, spies or rendered screens behind. Returns the record.
 */
export function setUpScreenTests(): () => ReturnType<typeof recordApiRequests> {
  let api: ReturnType<typeof recordApiRequests>;
  beforeEach(async () => {
    await page.viewport(1280, 800);
    localStorage.clear();
    document.documentElement.className = '';
    api = recordApiRequests();
  });
  afterEach(async () => {
    await cleanup();
    vi.useRealTimers();
    vi.restoreAllMocks();
  });
  return () => api;
}
