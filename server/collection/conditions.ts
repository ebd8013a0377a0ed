import type { CollectionCondition } from '../db/tables.ts';

/** From best to worst: the order the collection sorts and the add sheet offers them in. */
export const collectionConditions = ['near_mint', 'lightly_played', 'moderately_played', 'heavily_played', 'damaged'] as const satisfies readonly CollectionCondition[];

export type { CollectionCondition };

export const defaultCondition: CollectionCondition = 'near_mint';

export function isCondition(value: string): value is CollectionCondition {
  return (collectionConditions as readonly string[]).includes(value);
}
