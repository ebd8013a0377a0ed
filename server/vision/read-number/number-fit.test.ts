import { describe, expect, it } from 'vitest';
import { identifySettings } from '../identify-settings.ts';
import { formFit, printedForms, printingFit } from './number-fit.ts';
import { numberCharacters, type ReadLine } from './read-text-line.ts';

/**
 * A line as the reader gives it: per step, one character (or '-' for the blank) at `sure`, the
 * rest of the chance spread over the others; `unsure` steps split it between two characters.
 */
function line(steps: Array<string | [string, string]>, sure = 0.9): ReadLine {
  const characterLogs = new Map([...numberCharacters].map((character) => [character, new Float32Array(steps.length).fill(Math.log(0.001))]));
  const blankLog = new Float32Array(steps.length).fill(Math.log(0.001));
  const bestLog = new Float32Array(steps.length);
  steps.forEach((step, t) => {
    const [first, second] = typeof step === 'string' ? [step, undefined] : step;
    const set = (character: string, chance: number) => {
      if (character === '-') blankLog[t] = Math.log(chance);
      else characterLogs.get(character)![t] = Math.log(chance);
    };
    set(first, second ? 0.5 : sure);
    if (second) set(second, 0.45);
    bestLog[t] = Math.log(second ? 0.5 : sure);
  });
  return { text: '', chances: [], steps: steps.length, bestLog, blankLog, characterLogs };
}
const spelled = (text: string) => [...text].flatMap((character) => [character, '-']);

describe("fitting a printing's number to a line read off the card", () => {
  it('fits the number the reader read, anywhere in the line, and not another set total', () => {
    const read = line(['-', 'W', '-', ...spelled('43/102')]);
    expect(formFit(read, '43/102')).toBeCloseTo(0, 5);
    expect(formFit(read, '43/130')).toBeLessThan(-identifySettings.numbers.fitFloor.value);
    expect(formFit(read, '42/102')).toBeLessThan(-identifySettings.numbers.fitFloor.value);
  });

  it('fits a number whose slash the reader was unsure of, over one it did not read at all', () => {
    // "4102" read, the slash half as likely as a 1 at its step.
    const read = line(['4', '-', ['1', '/'], '-', '1', '-', '0', '-', '2', '-']);
    expect(formFit(read, '4/102')).toBeGreaterThan(-identifySettings.numbers.fitFloor.value);
    expect(formFit(read, '4/130')).toBeLessThan(-identifySettings.numbers.fitFloor.value);
  });

  it('spells repeated characters with a blank between them, as CTC must', () => {
    expect(formFit(line(spelled('11/64')), '11/64')).toBeCloseTo(0, 5);
    // Without the blank the reader's "1" then "1" is one 1.
    expect(formFit(line(['1', '1', '-', '/', '-', '6', '-', '4']), '11/64')).toBeLessThan(-identifySettings.numbers.fitFloor.value);
  });

  it('prints a modern number with its total padded, a promo alone', () => {
    expect(printedForms({ number: '001', setTotal: 91 })).toEqual(['001/91', '001/091']);
    expect(printedForms({ number: '4', setTotal: 102 })).toEqual(['4/102']);
    expect(printedForms({ number: 'SM80', setTotal: null })).toEqual(['SM80']);
    expect(printingFit([line(spelled('001/091'))], { number: '001', setTotal: 91 })).toBeCloseTo(0, 5);
  });
});
