import { describe, expect, it } from 'vitest';
import { isPipelinePart, partsInUse } from './pipeline-parts.ts';

describe('pipeline parts', () => {
  it('knows the parts by name', () => {
    expect(isPipelinePart('corner-model')).toBe(true);
    expect(isPipelinePart('second-look')).toBe(true);
    expect(isPipelinePart('outlines')).toBe(false);
    expect(isPipelinePart('toString')).toBe(false);
  });

  it('runs every part but those turned off', () => {
    const uses = partsInUse(['alignment', 'reprints']);
    expect(uses('alignment')).toBe(false);
    expect(uses('reprints')).toBe(false);
    expect(uses('corner-model')).toBe(true);
    expect(partsInUse()('fine-comparison')).toBe(true);
  });
});
