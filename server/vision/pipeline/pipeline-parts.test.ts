import { describe, expect, it } from 'vitest';
import { identifyParts } from '../identify-settings.ts';
import { isPipelinePart, partsWithout, pipelineParts } from './pipeline-parts.ts';

describe('pipeline parts', () => {
  it('knows the parts by name', () => {
    expect(isPipelinePart('corner-model')).toBe(true);
    expect(isPipelinePart('second-look')).toBe(true);
    expect(isPipelinePart('outlines')).toBe(false);
    expect(isPipelinePart('toString')).toBe(false);
  });

  it('describes every part the settings list, and lists every part it describes', () => {
    expect(Object.values(identifyParts).flat().sort()).toEqual(Object.keys(pipelineParts).sort());
  });

  it('leaves out the parts named and keeps the order of the rest', () => {
    const parts = partsWithout(['alignment', 'side-fit']);
    expect(parts.comparisons).toEqual(['fine-comparison', 'reprints', 'missing-printings', 'printing-reader', 'number-reader']);
    expect(parts.outlineSteps).toEqual(['corner-refiner', 'outline-repair', 'print-reader']);
    expect(partsWithout()).toEqual(identifyParts);
  });
});
