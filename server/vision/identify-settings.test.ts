import { describe, expect, it } from 'vitest';
import { identifySettings, validateIdentifySettings, withSettings } from './identify-settings.ts';

/** The problems named for the shipped settings with one value changed. */
function problemsWith(key: string, value: number): string[] {
  const [group, name] = key.split('.') as [keyof typeof identifySettings, string];
  const entries = identifySettings[group] as Record<string, { value: number }>;
  const settings = { ...identifySettings, [group]: { ...entries, [name]: { ...entries[name], value } } };
  return validateIdentifySettings(settings as typeof identifySettings);
}

describe('identification settings', () => {
  it('the shipped values are valid', () => {
    expect(validateIdentifySettings(identifySettings)).toEqual([]);
  });

  it.each([
    ['a count that is not whole', 'verify.aligned', 2.5, 'whole number'],
    ['a count below one', 'search.finalists', 0, 'at least 1'],
    ['a count below zero', 'looks.handOutlinesBeside', -1, 'at least 0'],
    ['a share above one', 'locate.fitNearStepShare', 1.2, 'within 0..1'],
    ['a share below zero', 'locate.cornerMinBoxScore', -0.1, 'within 0..1'],
    ['a length of zero', 'locate.fitInlierPx', 0, 'above 0'],
    ['a value that is not a number', 'answer.fitSharpness', Number.NaN, 'finite'],
    ['an even blur kernel', 'locate.edgeBlur', 4, 'odd'],
    ['a detector input that is no multiple of 32', 'page.detectSide', 500, 'multiple of 32'],
    ['a detector input below the smallest', 'page.detectSide', 288, 'within 320..1024'],
  ])('names %s', (_kind, key, value, words) => {
    const problems = problemsWith(key, value);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain(key);
    expect(problems[0]).toContain(words);
  });

  it.each([
    ['locate.faintEdgeLow', 50, 'locate.faintEdgeHigh'],
    ['locate.strongEdgeHigh', 30, 'locate.strongEdgeLow'],
    ['locate.contourMinArea', 0.99, 'locate.contourMaxArea'],
    ['locate.aspectHigh', 0.7, 'locate.aspectLow'],
    ['locate.outlineMinArea', 1.1, 'locate.outlineMaxArea'],
    ['locate.enclosedMaxArea', 0.2, 'locate.enclosedMinArea'],
  ])('names a low that is not below its high: %s = %s', (key, value, other) => {
    const problems = problemsWith(key, value);
    expect(problems.some((problem) => problem.includes(key) && problem.includes(other))).toBe(true);
  });

  it('allows a share beyond one where the setting means it', () => {
    expect(problemsWith('locate.outlineMaxArea', 1.02)).toEqual([]);
    expect(problemsWith('locate.aspectHigh', 1.4)).toEqual([]);
  });

  it('changes a value by name, and refuses unknown names and values out of bounds', () => {
    expect(withSettings({ 'answer.maxCandidates': 1 }).answer.maxCandidates.value).toBe(1);
    expect(identifySettings.answer.maxCandidates.value).toBe(10);
    expect(() => withSettings({ 'answer.maxCandidate': 1 })).toThrow(/answer\.maxCandidate is no identification setting/);
    expect(() => withSettings({ 'locate.edgeBlur': 6 })).toThrow(/locate\.edgeBlur must be odd/);
  });
});
