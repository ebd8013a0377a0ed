import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';
import { foldText } from '../fold-text.ts';
import type { FieldType, FilterNode } from './filter-ast.ts';

/** How one filterable field reads in SQL. `fold` is its lower-case, accent-free form for ci(...). */
export interface SqlField {
  type: FieldType;
  column: Expression<unknown>;
  fold?: Expression<unknown>;
}

const comparisons = { eq: sql`=`, gt: sql`>`, gte: sql`>=`, lt: sql`<`, lte: sql`<=` } as const;

type NumberOperator = keyof typeof comparisons;

/** The value matched literally inside a LIKE pattern, whose wildcards and escape character it may hold. */
const escapeLikePattern = (value: string) => value.replace(/[\\%_]/g, '\\$&');

/**
 * Number fields are integer columns. Comparing them with a whole bigint keeps their indexes usable
 * (a numeric parameter would cast the column), so a decimal bound is rounded the way that keeps the
 * meaning: hp > 60.5 is hp > 60, hp >= 60.5 is hp >= 61, and hp = 60.5 holds for no card.
 */
function integerComparison(operator: NumberOperator, value: string): { operator: NumberOperator; bound: string } | undefined {
  const [whole = '0', fraction = ''] = value.replace(/^\+/, '').split('.');
  const integer = BigInt(whole === '' || whole === '-' ? `${whole}0` : whole);
  if (!/[1-9]/.test(fraction)) return { operator, bound: String(integer) };
  if (operator === 'eq') return undefined;
  const negative = value.startsWith('-');
  const floor = negative ? integer - 1n : integer;
  const ceil = floor + 1n;
  const bound = operator === 'gt' || operator === 'lte' ? floor : ceil;
  return { operator, bound: String(bound) };
}

/**
 * Turns a checked filter into a boolean SQL expression. Every value is a bound parameter; only
 * operators and the field's own column expressions are written into the SQL text.
 */
export function compileFilter(node: FilterNode, field: SqlField, ci = false): RawBuilder<SqlBool> {
  switch (node.kind) {
    case 'compare': {
      if (field.type === 'number') {
        const comparison = integerComparison(node.operator === 'contains' ? 'eq' : node.operator, node.value);
        if (comparison === undefined) return sql<SqlBool>`false`;
        return sql<SqlBool>`(${field.column} ${comparisons[comparison.operator]} cast(${comparison.bound} as bigint))`;
      }
      const column = ci ? (field.fold ?? sql`lower(${field.column})`) : field.column;
      const value = ci ? foldText(node.value) : node.value;
      // LIKE rather than strpos: the trigram indexes serve it (migration 0008).
      if (node.operator === 'contains') return sql<SqlBool>`(${column} like ${`%${escapeLikePattern(value)}%`})`;
      return sql<SqlBool>`(${column} = ${value})`;
    }
    case 'ci':
      return compileFilter(node.operand, field, true);
    case 'not':
      // NOT of an unknown (a missing hp or illustrator) would drop the row; "not 60" should keep it.
      return sql<SqlBool>`(not coalesce(${compileFilter(node.operand, field, ci)}, false))`;
    case 'and':
    case 'or': {
      const parts = node.operands.map((operand) => compileFilter(operand, field, ci));
      return sql<SqlBool>`(${sql.join(parts, node.kind === 'and' ? sql` and ` : sql` or `)})`;
    }
  }
}
