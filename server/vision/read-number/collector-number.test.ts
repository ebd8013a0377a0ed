import { describe, expect, it } from 'vitest';
import { canonicalNumber, collectorNumbersIn, numberFits } from './collector-number.ts';

const numbersIn = (text: string) => collectorNumbersIn(text).map((found) => found.number);

describe('collector numbers in a line read off a card', () => {
  it('finds an old number after the copyright it is printed beside', () => {
    expect(numbersIn('REAK@1999Wizards.43/102')).toEqual([{ number: '43', total: 102 }]);
  });

  it('finds a modern number after the set code, its leading zeros dropped', () => {
    expect(numbersIn('GMEWEN001/165★')).toEqual([{ number: '1', total: 165 }]);
  });

  it("takes a promo's code and number, but no digits alone: a Pokédex number or a year reads so too", () => {
    expect(numbersIn('SM80')).toEqual([{ number: 'SM80' }]);
    expect(numbersIn('SWSH001')).toEqual([{ number: 'SWSH1' }]);
    expect(numbersIn('#149')).toEqual([]);
    expect(numbersIn('1999-2000')).toEqual([]);
    expect(numbersIn('C2017Pokemon')).toEqual([]);
  });

  it('says where the number is in the line, for its characters\' chances', () => {
    const [found] = collectorNumbersIn('Wizards.43/102');
    expect('Wizards.43/102'.slice(found!.start, found!.end)).toBe('43/102');
  });

  it('fits a printing by its number and its set total, when the catalogue knows the total', () => {
    expect(canonicalNumber('001')).toBe('1');
    expect(numberFits({ number: '4', total: 102 }, { number: '4', setTotal: 102 })).toBe(true);
    expect(numberFits({ number: '4', total: 102 }, { number: '4', setTotal: 130 })).toBe(false);
    expect(numberFits({ number: '4', total: 102 }, { number: '04', setTotal: null })).toBe(true);
    expect(numberFits({ number: 'SM80' }, { number: 'SM80', setTotal: null })).toBe(true);
    expect(numberFits({ number: '18', total: 64 }, { number: '2', setTotal: 64 })).toBe(false);
  });
});
