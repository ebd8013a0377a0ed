/** A collector number as printed: "43/102" (number and set total), "001/165", or a promo's "SM80" or "22" alone. */
export interface CollectorNumber {
  /** Letters then digits, upper case, leading zeros dropped: "43", "1", "SM80". */
  number: string;
  total?: number;
}

/** Letters and digits of a number, the digits without leading zeros: how "001" and "1" compare equal. */
export function canonicalNumber(printed: string): string {
  const match = /^([A-Z]*)\s*0*(\d+)([A-Z]*)$/i.exec(printed.trim());
  return match ? `${match[1]!.toUpperCase()}${match[2]}${match[3]!.toUpperCase()}` : printed.trim().toUpperCase();
}

const withTotal = /(?<![\d/])(\d{1,3}) ?\/ ?(\d{2,3})(?![\d/])/g;
// A promo's number ending a line without a total, "SM80" or "SWSH001": digits alone there are
// as often a Pokédex number ("#149") or the end of a date as a number, so they are not taken.
const alone = /(?:^|[^A-Z0-9]|[a-z.])([A-Z]{2,5}) ?(\d{1,3})$/;

/** A collector number found in a line of text, and where: characters `start` to `end` of the line. */
export interface FoundNumber {
  number: CollectorNumber;
  start: number;
  end: number;
}

/** The collector numbers in one line of text read off a card's bottom band. */
export function collectorNumbersIn(text: string): FoundNumber[] {
  const found: FoundNumber[] = [];
  for (const match of text.matchAll(withTotal)) {
    found.push({ number: { number: canonicalNumber(match[1]!), total: Number(match[2]) }, start: match.index, end: match.index + match[0].length });
  }
  if (found.length > 0) return found;
  const kept = text.replace(/[^A-Za-z0-9 /#.]/g, '').trimEnd();
  const bare = alone.exec(kept);
  return bare ? [{ number: { number: canonicalNumber(`${bare[1]}${bare[2]}`) }, start: kept.length - bare[1]!.length - bare[2]!.length, end: kept.length }] : [];
}

/** Whether a printing with this number in a set of this printed size can carry what was read. */
export function numberFits(read: CollectorNumber, printing: { number: string; setTotal: number | null }): boolean {
  if (canonicalNumber(printing.number) !== read.number) return false;
  return read.total === undefined || printing.setTotal === null || printing.setTotal === read.total;
}
