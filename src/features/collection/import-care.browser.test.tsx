import { afterEach, describe, expect, test } from 'vitest';
import { page } from 'vitest/browser';
import { cleanup, render } from 'vitest-browser-react';
import { IntlProvider } from 'react-intl';
import { messagesByLocale } from '../../i18n/messages.ts';
import { failuresCsv, type ImportPreview } from './collection-api.ts';
import { ImportPreviewView } from './import-preview.tsx';

/** A replace preview as the server answers it: each row with the copies owned after the import. */
const preview: ImportPreview = {
  layout: 'generic',
  rows: 2,
  matchedRows: 2,
  firstRows: [
    { line: 2, printingId: 'en-alpha-1-normal', name: 'Pikachu', setName: 'Alpha Base', number: '1', language: 'en', variant: 'normal', condition: 'near_mint', quantity: 2, resulting: 2 },
    { line: 3, printingId: 'en-alpha-2-holo', name: 'Raichu', setName: 'Alpha Base', number: '2', language: 'en', variant: 'holo', condition: 'lightly_played', quantity: 1, resulting: 4 },
  ],
  problems: [],
  omittedProblems: 0,
  totals: { cards: 3, printings: 2, entries: 2 },
};

afterEach(() => cleanup());

describe('Import care', () => {
  test('the preview shows the copies owned after the import, in English and French', async () => {
    await render(
      <IntlProvider locale="en" messages={messagesByLocale.en}>
        <ImportPreviewView preview={preview} />
      </IntlProvider>,
    );
    const table = page.getByRole('table', { name: 'The 2 matched rows:' });
    await expect.element(table.getByRole('columnheader', { name: 'Owned after' })).toBeVisible();
    await expect.element(table.getByRole('row').nth(2)).toHaveTextContent('3RaichuAlpha Base2ENholoLightly Played14');
    await cleanup();
    await render(
      <IntlProvider locale="fr" messages={messagesByLocale.fr}>
        <ImportPreviewView preview={preview} />
      </IntlProvider>,
    );
    await expect.element(page.getByRole('columnheader', { name: 'Possédées après' })).toBeVisible();
  });

  test('the skipped rows download as CSV: the server’s file, or one written from the list', () => {
    expect(failuresCsv({ imported: 1, cards: 1, failuresCsv: 'line,problem\n3,bad\n' })).toBe('line,problem\n3,bad\n');
    expect(failuresCsv({ imported: 1, cards: 1, failures: [{ line: 3, message: "condition 'mint' is not one of NM, LP" }, { line: 4, message: 'no "x" printing' }] })).toBe(
      'line,problem\n3,"condition \'mint\' is not one of NM, LP"\n4,"no ""x"" printing"\n',
    );
  });
});
