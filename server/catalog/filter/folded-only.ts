import type { FilterNode } from './filter-ast.ts';

/** Whether every comparison in the filter is case-insensitive, so that it reads only the folded text. */
export function foldedOnly(node: FilterNode): boolean {
  switch (node.kind) {
    case 'compare':
      return false;
    case 'ci':
      return true;
    case 'not':
      return foldedOnly(node.operand);
    case 'and':
    case 'or':
      return node.operands.every(foldedOnly);
  }
}
