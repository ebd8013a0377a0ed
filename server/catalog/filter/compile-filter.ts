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

/**
 * Turns a checked filter into a boolean SQL expression. Every value is a bound parameter; only
 * operators and the field's own column expressions are written into the SQL text.
 */
export function compileFilter(node: FilterNode, field: SqlField, ci = false): RawBuilder<SqlBool> {
  switch (node.kind) {
    case 'compare': {
      if (field.type === 'number') {
        const operator = node.operator === 'contains' ? comparisons.eq : comparisons[node.operator];
        return sql<SqlBool>`(${field.column} ${operator} cast(${node.value} as numeric))`;
      }
      const column = ci ? (field.fold ?? sql`lower(${field.column})`) : field.column;
      const value = ci ? foldText(node.value) : node.value;
      if (node.operator === 'contains') return sql<SqlBool>`(strpos(${column}, ${value}) > 0)`;
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
