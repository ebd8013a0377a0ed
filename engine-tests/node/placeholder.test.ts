import { expect, test } from 'vitest';
import type { EngineMode } from '../../engine/api.ts';

test('engine modes', () => {
  const mode: EngineMode = 'basic';
  expect(mode).toBe('basic');
});
