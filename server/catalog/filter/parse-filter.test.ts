import { describe, expect, it } from 'vitest';
import { checkFilter } from './check-filter.ts';
import { FilterError } from './filter-error.ts';
import { parseFilter } from './parse-filter.ts';

function messageOf(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(FilterError);
    return (error as FilterError).message;
  }
  throw new Error('expected a FilterError');
}

const eq = (value: string) => ({ kind: 'compare', operator: 'eq', value });
const contains = (value: string) => ({ kind: 'compare', operator: 'contains', value });

describe('parseFilter', () => {
  it.each([
    ['eq(Pikachu)', eq('Pikachu')],
    ['contains(Mr. Mime)', contains('Mr. Mime')],
    ['  eq(  Mew  )  ', eq('Mew')],
    ['eq("  Mew  ")', eq('  Mew  ')],
    ['eq("")', eq('')],
    ['eq("a, (b) \\"c\\" \\\\ d")', eq('a, (b) "c" \\ d')],
    ['eq(a\\,b\\(c\\)\\"d\\\\)', eq('a,b(c)"d\\')],
    ['eq(\\ a\\ )', eq(' a ')],
    ['eq(Écarlate & Violet)', eq('Écarlate & Violet')],
    ['ci(contains(pika))', { kind: 'ci', operand: contains('pika') }],
    ['not(eq(x))', { kind: 'not', operand: eq('x') }],
    ['and(contains(a), not(eq(b)))', { kind: 'and', operands: [contains('a'), { kind: 'not', operand: eq('b') }] }],
    ['or( eq(a) ,eq(b) )', { kind: 'or', operands: [eq('a'), eq('b')] }],
    ['gte(60)', { kind: 'compare', operator: 'gte', value: '60' }],
  ])('reads %s', (text, ast) => {
    expect(parseFilter(text)).toEqual(ast);
  });

  it.each([
    ['', "expected an operator such as eq(...) or contains(...) but found the end at position 0"],
    ['Pikachu', "expected '(' but found the end at position 7"],
    ['eq(Pikachu', "expected ')' but found the end at position 10"],
    ['eq()', "expected a value but found ')' at position 3"],
    ['eq(a,b)', "expected ')' but found ',' at position 4"],
    ['EQ(a)', "unknown operator 'EQ' (use eq, contains, gt, gte, lt, lte, ci, not, and, or) at position 0"],
    ['eq(a) eq(b)', "unexpected 'e' after the end of the filter at position 6"],
    ['eq("abc', 'unterminated quoted value at position 3'],
    ['eq(abc\\', 'a backslash must be followed by a character at position 6'],
    ['eq(a"b")', `expected ')' but found '"' at position 4`],
    ['and(eq(a),)', "expected an operator such as eq(...) or contains(...) but found ')' at position 10"],
    ['ci(pika)', "expected '(' but found ')' at position 7"],
    ['eq(a\0b)', 'holds a NUL character at position 4'],
  ])('rejects %j: %s', (text, message) => {
    expect(messageOf(() => parseFilter(text))).toBe(message);
  });

  it('enforces its limits', () => {
    expect(() => parseFilter(`eq(${'x'.repeat(1000)})`)).toThrow(/longer than 1000/);
    expect(parseFilter(`${'not('.repeat(7)}eq(x)${')'.repeat(7)}`)).toBeTruthy();
    expect(() => parseFilter(`${'not('.repeat(8)}eq(x)${')'.repeat(8)}`)).toThrow(/deeper than 8/);
    expect(() => parseFilter(`and(${Array(33).fill('eq(x)').join(',')})`)).toThrow(/at most 32/);
  });
});

describe('checkFilter', () => {
  it.each([
    ['contains(6)', 'number', 'contains() applies only to text fields'],
    ['ci(eq(6))', 'number', 'ci() applies only to text fields'],
    ['eq(six)', 'number', "'six' is not a number"],
    ['eq(1e3)', 'number', "'1e3' is not a number"],
    ['gt(a)', 'text', 'gt() applies only to number fields'],
  ] as const)('rejects %s on a %s field', (text, type, message) => {
    expect(messageOf(() => checkFilter(parseFilter(text), type))).toBe(message);
  });

  it.each([
    ['and(gt(-1), lte(60.5), not(eq(+3)))', 'number'],
    ['ci(and(contains(a), not(eq(b))))', 'text'],
  ] as const)('accepts %s on a %s field', (text, type) => {
    expect(() => checkFilter(parseFilter(text), type)).not.toThrow();
  });
});
