// `npm run catalog:generate -- --out <file> [--printings 100000] [--seed 1]`: a catalogue in the demo
// format as large as the whole of TCGdex, for machines without internet; import it with
// `npm run catalog:import -- <file>`.
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { generateCatalog } from './generate-catalog.ts';

const { values } = parseArgs({ options: { out: { type: 'string' }, printings: { type: 'string', default: '100000' }, seed: { type: 'string', default: '1' } } });
const printings = Number(values.printings);
if (!values.out || !Number.isInteger(printings) || printings < 1) {
  console.error('Usage: npm run catalog:generate -- --out <file> [--printings 100000] [--seed 1]');
  process.exit(2);
}
const catalog = generateCatalog(printings, Number(values.seed));
writeFileSync(values.out, JSON.stringify(catalog));
const written = (catalog.cards as Array<{ variants: Record<string, boolean> }>).reduce((sum, card) => sum + Object.values(card.variants).filter(Boolean).length, 0);
console.error(`${values.out}: ${catalog.sets.length} sets, ${catalog.cards.length} cards, ${written} printings`);
