import { useId, useState } from 'react';
import { useSetAtom } from 'jotai';
import { useIntl } from 'react-intl';
import { errorText } from '../../lib/error-text.ts';
import { applyImport, csvLayouts, exportCollection, failuresCsv, importModes, previewImport, type CsvLayout, type ImportMode, type ImportPreview, type ImportResult } from './collection-api.ts';
import { collectionValueMessages as vm } from './collection-value-messages.ts';
import { addToastAtom } from '../../state/toasts.ts';
import { collectionPageMessages as m } from './collection-page-messages.ts';
import { ImportPreviewView } from './import-preview.tsx';

/** The server's own limit (server-settings collection.importBodyLimit), checked before a large file is sent. */
const maxFileBytes = 5 * 1024 * 1024;

const layoutLabels = { generic: m.layoutGeneric, tcgplayer: m.layoutTcgplayer, cardmarket: m.layoutCardmarket } as const;
const modeLabels = { add: vm.modeAdd, replace: vm.modeReplace } as const;

function download(text: string, fileName: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * Exports the collection as CSV in a chosen layout, and imports one: the file is checked first, its
 * counts and first rows shown with the copies owned after it (adding to the quantities owned, or
 * replacing them) and every row it cannot import. A file with failed rows imports whole once fixed,
 * or its good rows only, the others listed in a file to download.
 */
export function ExportImportPanel({ onImported }: { onImported: () => void }) {
  const intl = useIntl();
  const reason = (error: unknown) => errorText(intl, error);
  const addToast = useSetAtom(addToastAtom);
  const layoutId = useId();
  const [layout, setLayout] = useState<CsvLayout>('generic');
  const [mode, setMode] = useState<ImportMode>('add');
  const [skipped, setSkipped] = useState<ImportResult>();
  // Remounts the file field after an import, so the same file can be picked again.
  const [fileField, setFileField] = useState(0);
  const [file, setFile] = useState<{ name: string; text: string }>();
  const [preview, setPreview] = useState<ImportPreview>();
  const [busy, setBusy] = useState<'export' | 'check' | 'import'>();
  const [failure, setFailure] = useState<string>();

  const changeLayout = (next: CsvLayout) => {
    setLayout(next);
    setPreview(undefined);
  };
  const changeMode = (next: ImportMode) => {
    setMode(next);
    setPreview(undefined);
  };

  const exportFile = async () => {
    setBusy('export');
    try {
      download(await exportCollection(layout), `card-lens-collection-${layout}.csv`);
    } catch (error) {
      addToast({ type: 'error', title: intl.formatMessage(m.exportFailed, { reason: reason(error) }), duration: 0 });
    } finally {
      setBusy(undefined);
    }
  };

  const chooseFile = async (chosen: File | undefined) => {
    setPreview(undefined);
    setFailure(undefined);
    setFile(undefined);
    setSkipped(undefined);
    if (!chosen) return;
    if (chosen.size > maxFileBytes) {
      setFailure(intl.formatMessage(m.tooLarge));
      return;
    }
    setFile({ name: chosen.name, text: await chosen.text() });
  };

  const check = async () => {
    if (!file) return;
    setBusy('check');
    setFailure(undefined);
    try {
      setSkipped(undefined);
      setPreview(await previewImport(layout, file.text, mode));
    } catch (error) {
      setFailure(reason(error));
    } finally {
      setBusy(undefined);
    }
  };

  const apply = async (skipFailed: boolean) => {
    if (!file) return;
    setBusy('import');
    setFailure(undefined);
    try {
      const result = await applyImport(layout, file.text, { mode, skipFailed });
      addToast({ type: 'success', title: intl.formatMessage(m.imported, { cards: result.cards }) });
      setSkipped(result.failures && result.failures.length > 0 ? result : undefined);
      setPreview(undefined);
      setFile(undefined);
      setFileField((count) => count + 1);
      onImported();
    } catch (error) {
      setFailure(intl.formatMessage(m.importFailed, { reason: reason(error) }));
    } finally {
      setBusy(undefined);
    }
  };

  const problemCount = preview ? preview.problems.length + preview.omittedProblems : 0;

  return (
    <section className="export-import" aria-labelledby="export-import-title">
      <h2 id="export-import-title">{intl.formatMessage(m.exportTitle)}</h2>
      <div className="export-import-row">
        <label className="field" htmlFor={layoutId}>
          <span className="field-label">{intl.formatMessage(m.layout)}</span>
          <select id={layoutId} value={layout} onChange={(event) => changeLayout(event.target.value as CsvLayout)}>
            {csvLayouts.map((value) => (
              <option key={value} value={value}>
                {intl.formatMessage(layoutLabels[value])}
              </option>
            ))}
          </select>
        </label>
        <button type="button" className="button secondary" disabled={busy !== undefined} onClick={() => void exportFile()}>
          {intl.formatMessage(m.exportButton)}
        </button>
      </div>
      <fieldset className="import-mode">
        <legend className="field-label">{intl.formatMessage(vm.importMode)}</legend>
        {importModes.map((value) => (
          <label key={value} className="radio-field">
            <input type="radio" name="import-mode" value={value} checked={mode === value} onChange={() => changeMode(value)} /> {intl.formatMessage(modeLabels[value])}
          </label>
        ))}
      </fieldset>
      <div className="export-import-row">
        <label className="field">
          <span className="field-label">{intl.formatMessage(m.importFile)}</span>
          <input key={fileField} type="file" accept=".csv,text/csv" onChange={(event) => void chooseFile(event.target.files?.[0])} />
        </label>
        <button type="button" className="button secondary" disabled={!file || busy !== undefined} onClick={() => void check()}>
          {busy === 'check' ? intl.formatMessage(m.checking) : intl.formatMessage(m.checkFile)}
        </button>
      </div>
      {failure && (
        <p className="field-error" role="alert">
          {failure}
        </p>
      )}
      {preview && (
        <div className="import-preview" role="status">
          <ImportPreviewView preview={preview} />
          {problemCount === 0 && preview.matchedRows > 0 && (
            <button type="button" className="button" disabled={busy !== undefined} onClick={() => void apply(false)}>
              {busy === 'import' ? intl.formatMessage(m.importing) : intl.formatMessage(m.importButton, { count: preview.matchedRows })}
            </button>
          )}
          {problemCount > 0 && preview.matchedRows > 0 && (
            <button type="button" className="button" disabled={busy !== undefined} onClick={() => void apply(true)}>
              {busy === 'import' ? intl.formatMessage(m.importing) : intl.formatMessage(vm.skipFailed, { count: preview.matchedRows })}
            </button>
          )}
        </div>
      )}
      {skipped?.failures && (
        <div className="import-skipped" role="status">
          <p>{intl.formatMessage(vm.importedSkipped, { count: skipped.failures.length })}</p>
          <button type="button" className="button secondary" onClick={() => download(failuresCsv(skipped), 'card-lens-import-failures.csv')}>
            {intl.formatMessage(vm.downloadFailures)}
          </button>
        </div>
      )}
    </section>
  );
}
