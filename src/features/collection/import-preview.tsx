import { useIntl } from 'react-intl';
import type { ImportPreview } from './collection-api.ts';
import { conditionMessages } from './collection-messages.ts';
import { collectionPageMessages as m } from './collection-page-messages.ts';
import { collectionValueMessages } from './collection-value-messages.ts';

/**
 * What a checked file holds: its counts and totals, the rows it cannot import by line, and its
 * first matched rows (the server sends those only, whatever the file's size), so the collector
 * sees the columns were read as meant before importing.
 */
export function ImportPreviewView({ preview }: { preview: ImportPreview }) {
  const intl = useIntl();
  const problemCount = preview.problems.length + preview.omittedProblems;
  const shown = preview.firstRows.length;
  const withResult = preview.firstRows.some((row) => row.resulting !== undefined);
  return (
    <>
      <p>
        {intl.formatMessage(m.previewSummary, { rows: preview.rows, matched: preview.matchedRows, cards: preview.totals.cards })}{' '}
        {intl.formatMessage(m.previewPrintings, { printings: preview.totals.printings, entries: preview.totals.entries })}
      </p>
      {problemCount > 0 && (
        <>
          <p className="field-error">{intl.formatMessage(m.problemsTitle, { count: problemCount })}</p>
          <table className="import-problems">
            <thead>
              <tr>
                <th scope="col">{intl.formatMessage(m.problemLine)}</th>
                <th scope="col">{intl.formatMessage(m.problemText)}</th>
              </tr>
            </thead>
            <tbody>
              {preview.problems.map((problem) => (
                <tr key={problem.line}>
                  <td>{problem.line}</td>
                  <td>{problem.message}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {preview.omittedProblems > 0 && <p className="muted">{intl.formatMessage(m.moreProblems, { count: preview.omittedProblems })}</p>}
        </>
      )}
      {shown > 0 && (
        <div className="import-rows">
          <table className="import-problems">
            <caption>
              {shown < preview.matchedRows
                ? intl.formatMessage(m.firstRowsTitle, { shown, matched: intl.formatNumber(preview.matchedRows) })
                : intl.formatMessage(m.allRowsTitle, { matched: shown })}
            </caption>
            <thead>
              <tr>
                <th scope="col">{intl.formatMessage(m.problemLine)}</th>
                <th scope="col">{intl.formatMessage(m.rowCard)}</th>
                <th scope="col">{intl.formatMessage(m.rowSet)}</th>
                <th scope="col">{intl.formatMessage(m.rowNumber)}</th>
                <th scope="col">{intl.formatMessage(m.rowLanguage)}</th>
                <th scope="col">{intl.formatMessage(m.rowFinish)}</th>
                <th scope="col">{intl.formatMessage(m.rowCondition)}</th>
                <th scope="col">{intl.formatMessage(m.rowQuantity)}</th>
                {withResult && <th scope="col">{intl.formatMessage(collectionValueMessages.rowResulting)}</th>}
              </tr>
            </thead>
            <tbody>
              {preview.firstRows.map((row) => (
                <tr key={row.line}>
                  <td>{row.line}</td>
                  <td>{row.name}</td>
                  <td>{row.setName}</td>
                  <td>{row.number}</td>
                  <td>{row.language.toUpperCase()}</td>
                  <td>{row.variant}</td>
                  <td>{intl.formatMessage(conditionMessages[row.condition])}</td>
                  <td>{row.quantity}</td>
                  {withResult && <td>{row.resulting ?? ''}</td>}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
