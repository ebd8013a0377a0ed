export type CompareOperator = 'eq' | 'contains' | 'gt' | 'gte' | 'lt' | 'lte';

export type FilterNode =
  | { kind: 'compare'; operator: CompareOperator; value: string }
  | { kind: 'ci'; operand: FilterNode }
  | { kind: 'not'; operand: FilterNode }
  | { kind: 'and'; operands: FilterNode[] }
  | { kind: 'or'; operands: FilterNode[] };

export type FieldType = 'text' | 'number';

export const compareOperators: readonly CompareOperator[] = ['eq', 'contains', 'gt', 'gte', 'lt', 'lte'];
