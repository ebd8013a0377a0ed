import type { FieldType, FilterNode } from './filter-ast.ts';
import { FilterError } from './filter-error.ts';

const numberPattern = /^[+-]?(\d{1,15}(\.\d{0,6})?|\.\d{1,6})$/;

/** Rejects operators that make no sense for the field's type, and numbers that are not numbers. */
export function checkFilter(node: FilterNode, type: FieldType, insideCi = false): void {
  switch (node.kind) {
    case 'compare':
      if (type === 'number') {
        if (insideCi) throw new FilterError('ci() applies only to text fields');
        if (node.operator === 'contains') throw new FilterError('contains() applies only to text fields');
        if (!numberPattern.test(node.value)) throw new FilterError(`'${node.value}' is not a number`);
      } else if (node.operator !== 'eq' && node.operator !== 'contains') {
        throw new FilterError(`${node.operator}() applies only to number fields`);
      }
      return;
    case 'ci':
      checkFilter(node.operand, type, true);
      return;
    case 'not':
      checkFilter(node.operand, type, insideCi);
      return;
    case 'and':
    case 'or':
      for (const operand of node.operands) checkFilter(operand, type, insideCi);
      return;
  }
}
