/**
 * The order the index keeps printings in: their ids by code point, which is how the database sorts
 * them `COLLATE "C"` (UTF-8 bytes). JavaScript compares UTF-16 units, which differs only for
 * characters past U+FFFF: their surrogates must sort after every other unit.
 */
export function compareIds(a: string, b: string): number {
  const length = Math.min(a.length, b.length);
  for (let i = 0; i < length; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x !== y) return codePointRank(x) - codePointRank(y);
  }
  return a.length - b.length;
}

const codePointRank = (unit: number) => (unit >= 0xd800 && unit <= 0xdfff ? unit + 0x2800 : unit);
