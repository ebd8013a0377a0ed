import { describe, expect, it } from 'vitest';
import type { PrintingIdentity } from '../collection-repository.ts';
import { csvFile } from '../csv/write-csv.ts';
import { layouts, layoutNames } from '../csv-layouts.ts';
import { planImport } from './plan-import.ts';

const limits = { maxQuantity: 9_999, maxRows: 50_000, reportedProblems: 200, previewRows: 50 };
// Catalogue text a spreadsheet would run as formulas, had the export written it raw.
const hostile: PrintingIdentity = {
  id: 'en-x-1-normal', set_id: 'x', set_code: '-X', set_name: '=HYPERLINK("http://evil.example","Base")', local_id: '1', language: 'en', variant: 'normal', name: '@SUM(1+1)',
};

describe('planning an import', () => {
  it.each(layoutNames)('reads back the %s export of names that start like formulas', (layoutName) => {
    const layout = layouts[layoutName];
    const file = csvFile(layout.header, [
      layout.write({
        printingId: hostile.id, name: hostile.name, setId: hostile.set_id, setCode: hostile.set_code, setName: hostile.set_name,
        localId: hostile.local_id, language: hostile.language, variant: hostile.variant, rarity: '+Rare', condition: 'near_mint', quantity: 3, addedAt: new Date('2024-05-01T00:00:00Z'),
      }),
    ]);
    expect(file).not.toMatch(/(^|,)[=+\-@]/m);
    const outcome = planImport({ layout: layoutName, file: new TextEncoder().encode(file), identities: [hostile], owned: [], limits, entries: true });
    expect(outcome).toMatchObject({ preview: { problems: [], matchedRows: 1 }, entries: [{ printingId: hostile.id, quantity: 3 }] });
  });
});
