import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardFilterFields } from '../card-fields.ts';
import { setFilterFields } from '../set-fields.ts';
import { buildTestApp, readFixtureJson, testBackends, type TestApp } from '../../test-support/test-database.ts';
import { FilterError } from './filter-error.ts';
import { parseFilter } from './parse-filter.ts';
import { seededRandom } from '../../../fixtures/identify/seeded-random.ts';

const operators = ['eq', 'contains', 'gt', 'gte', 'lt', 'lte', 'ci', 'not', 'and', 'or'];
const wrongOperators = ['EQ', 'like', '', 'eq ', 'n0t'];
const pieces = ['(', ')', ',', '"', '\\', ' ', '%', '%25', '%zz', '&', '=', '#', '+', '?', "'", ';', '--', '\0', 'é', '🃏', '60', '-1', '1e9', '0.5', 'null', 'Pika', '*', '_'];

function generator(seed: number) {
  const next = seededRandom(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;

  const value = (): string => {
    const kind = next();
    if (kind < 0.4) return String(Math.floor(next() * 400) - 100);
    if (kind < 0.6) return pick(['Pikachu', 'pika', 'ALP', 'en', 'fr-alpha', 'Éclair', 'Arita', 'reverse']);
    if (kind < 0.75) return `"${Array.from({ length: Math.floor(next() * 4) }, () => pick(pieces)).join('')}"`;
    return Array.from({ length: Math.floor(next() * 4) }, () => pick(pieces)).join('');
  };
  const expression = (depth: number): string => {
    const op = next() < 0.03 ? pick(wrongOperators) : pick(operators);
    if (depth > 3 || !['ci', 'not', 'and', 'or'].includes(op)) return `${op}(${value()})`;
    if (op === 'and' || op === 'or') {
      return `${op}(${Array.from({ length: 1 + Math.floor(next() * 3) }, () => expression(depth + 1)).join(pick([',', ', ', ' ,']))})`;
    }
    return `${op}(${expression(depth + 1)})`;
  };
  const mutate = (text: string): string => {
    const at = Math.floor(next() * (text.length + 1));
    switch (Math.floor(next() * 5)) {
      case 0:
        return text.slice(0, at) + text.slice(at + 1);
      case 1:
        return text.slice(0, at) + pick(pieces) + text.slice(at);
      case 2:
        return text.slice(0, at);
      case 3:
        return text + text.slice(at);
      default:
        return text.slice(at) + text.slice(0, at);
    }
  };
  return {
    pick,
    filter(): string {
      const roll = next();
      if (roll < 0.1) return Array.from({ length: Math.floor(next() * 12) }, () => pick(pieces)).join('');
      let text = expression(0);
      const mutations = roll < 0.55 ? 0 : 1 + Math.floor(next() * 3);
      for (let i = 0; i < mutations; i++) text = mutate(text);
      return text;
    },
    encoded(text: string): string {
      // Most strings are encoded as a client would; some go raw to exercise the query-string parser.
      if (next() >= 0.8) return text;
      try {
        return encodeURIComponent(text);
      } catch {
        // A mutation split a surrogate pair; such text can only travel raw.
        return text;
      }
    },
  };
}

describe('parseFilter under fuzzing', () => {
  it('only ever returns an AST or throws a FilterError', () => {
    const gen = generator(1);
    for (let i = 0; i < 50_000; i++) {
      const text = gen.filter();
      try {
        parseFilter(text);
      } catch (error) {
        if (!(error instanceof FilterError)) throw new Error(`${JSON.stringify(text)} threw ${String(error)}`);
      }
    }
  });
});

describe.each(testBackends())('list endpoints under fuzzing on $name', (backend) => {
  let test: TestApp;
  beforeAll(async () => {
    test = await buildTestApp(backend, { catalog: readFixtureJson() });
  });
  afterAll(async () => {
    await test?.close();
  });

  it('answers 10,000 random and mutated filters with 200 or 400, never anything else', async () => {
    const gen = generator(2);
    const cardFields = [...Object.keys(cardFilterFields), 'hp', 'hp', 'page', 'size', 'order_by', 'sort_by', 'colour', 'set'];
    const setFields = [...Object.keys(setFilterFields), 'page', 'size', 'order_by', 'sort_by', 'hp'];
    const statuses = new Map<number, number>();
    for (let i = 0; i < 10_000; i++) {
      const cards = i % 4 !== 0;
      const field = gen.pick(cards ? cardFields : setFields);
      const url = `/v1/${cards ? 'cards' : 'sets'}?${encodeURIComponent(field)}=${gen.encoded(gen.filter())}`;
      const response = await test.app.inject(url);
      statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
      if (response.statusCode !== 200 && response.statusCode !== 400) {
        throw new Error(`${url} answered ${response.statusCode}: ${response.body}`);
      }
      if (response.statusCode === 400) expect(response.json<{ message: string }>().message).not.toBe('');
    }
    // Both outcomes are exercised, so the fuzzer reaches the database and the error paths alike.
    expect(statuses.get(200)).toBeGreaterThan(500);
    expect(statuses.get(400)).toBeGreaterThan(1000);
  }, 120_000);
});
