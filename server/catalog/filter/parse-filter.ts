import { compareOperators, type CompareOperator, type FilterNode } from './filter-ast.ts';
import { FilterError } from './filter-error.ts';

export const filterLimits = {
  /** Characters in one filter. */
  maxLength: 1000,
  /** Nested calls, `and(not(eq(x)))` being 3. */
  maxDepth: 8,
  /** Operands of one `and` or `or`. */
  maxOperands: 32,
};

const special = new Set(['(', ')', ',', '"', '\\']);
const isSpace = (char: string | undefined) => char === ' ' || char === '\t' || char === '\n' || char === '\r';

/** Parses `op(value)` expressions as described in GRAMMAR.md; pure, and throws only FilterError. */
export function parseFilter(text: string): FilterNode {
  if (text.length > filterLimits.maxLength) {
    throw new FilterError(`is longer than ${filterLimits.maxLength} characters`);
  }
  const nul = text.indexOf('\0');
  // PostgreSQL text cannot hold NUL, so no stored value could match one.
  if (nul >= 0) throw new FilterError(`holds a NUL character at position ${nul}`, nul);
  let pos = 0;

  const fail = (message: string, at = pos): never => {
    throw new FilterError(`${message} at position ${at}`, at);
  };
  const skipSpace = () => {
    while (isSpace(text[pos])) pos++;
  };
  const describe = (at: number) => (at >= text.length ? 'the end' : `'${text[at]}'`);
  const expect = (char: string) => {
    skipSpace();
    if (text[pos] !== char) fail(`expected '${char}' but found ${describe(pos)}`);
    pos++;
  };

  const readName = (): string => {
    skipSpace();
    const start = pos;
    while (pos < text.length && /[a-z]/i.test(text[pos]!)) pos++;
    if (pos === start) fail(`expected an operator such as eq(...) or contains(...) but found ${describe(pos)}`);
    return text.slice(start, pos);
  };

  const readQuoted = (): string => {
    const start = pos;
    pos++;
    let value = '';
    while (pos < text.length && text[pos] !== '"') {
      if (text[pos] === '\\') {
        pos++;
        if (pos >= text.length) break;
      }
      value += text[pos];
      pos++;
    }
    if (pos >= text.length) fail('unterminated quoted value', start);
    pos++;
    return value;
  };

  const readBare = (): string => {
    let value = '';
    // Length of `value` up to its last escaped or non-space character: unescaped outer spaces are dropped.
    let keep = 0;
    while (pos < text.length) {
      const char = text[pos]!;
      if (char === '\\') {
        if (pos + 1 >= text.length) fail('a backslash must be followed by a character');
        value += text[pos + 1];
        keep = value.length;
        pos += 2;
      } else if (special.has(char)) {
        break;
      } else {
        value += char;
        if (!isSpace(char)) keep = value.length;
        pos++;
      }
    }
    return value.slice(0, keep);
  };

  const readValue = (): string => {
    skipSpace();
    if (text[pos] === '"') return readQuoted();
    const start = pos;
    const value = readBare();
    if (value.length === 0) fail(`expected a value but found ${describe(start)}`, start);
    return value;
  };

  const readExpression = (depth: number): FilterNode => {
    if (depth > filterLimits.maxDepth) fail(`nests deeper than ${filterLimits.maxDepth} levels`);
    skipSpace();
    const nameStart = pos;
    const name = readName();
    expect('(');
    let node: FilterNode;
    if ((compareOperators as readonly string[]).includes(name)) {
      node = { kind: 'compare', operator: name as CompareOperator, value: readValue() };
    } else if (name === 'ci' || name === 'not') {
      node = { kind: name, operand: readExpression(depth + 1) };
    } else if (name === 'and' || name === 'or') {
      const operands = [readExpression(depth + 1)];
      skipSpace();
      while (text[pos] === ',') {
        pos++;
        if (operands.length >= filterLimits.maxOperands) fail(`${name}() takes at most ${filterLimits.maxOperands} conditions`);
        operands.push(readExpression(depth + 1));
        skipSpace();
      }
      node = { kind: name, operands };
    } else {
      return fail(
        `unknown operator '${name}' (use eq, contains, gt, gte, lt, lte, ci, not, and, or)`,
        nameStart,
      );
    }
    expect(')');
    return node;
  };

  const root = readExpression(1);
  skipSpace();
  if (pos < text.length) fail(`unexpected ${describe(pos)} after the end of the filter`);
  return root;
}
