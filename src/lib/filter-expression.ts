// Builders for the catalogue filter language (server/catalog/filter/GRAMMAR.md).

/** Quoted so commas, brackets and quotes in what the user typed stay part of the value. */
export function quoteFilterValue(value: string): string {
  return `"${value.replace(/["\\]/g, (character) => `\\${character}`)}"`;
}

export const equals = (value: string) => `eq(${quoteFilterValue(value)})`;
export const containsIgnoringCase = (value: string) => `ci(contains(${quoteFilterValue(value)}))`;
export const equalsIgnoringCase = (value: string) => `ci(eq(${quoteFilterValue(value)}))`;
