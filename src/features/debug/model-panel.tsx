import { useIntl } from 'react-intl';
import type { EngineStatus, LoadProgress, TensorInfo } from '../../../engine/api.ts';
import { debugMessages as m } from './debug-messages.ts';
import { DebugTable } from './debug-table.tsx';
import { basicModeMessage } from './engine-error-message.ts';

function TensorTable({ caption, tensors }: { caption: string; tensors: TensorInfo[] }) {
  const intl = useIntl();
  return (
    <DebugTable caption={caption} headers={[m.tensorName, m.tensorShape, m.tensorType].map((message) => intl.formatMessage(message))}>
      {tensors.map((tensor) => (
        <tr key={tensor.name}>
          <td className="debug-mono">{tensor.name}</td>
          <td className="debug-mono">[{tensor.shape.join(', ')}]</td>
          <td className="debug-mono">{tensor.type}</td>
        </tr>
      ))}
    </DebugTable>
  );
}

export function LoadProgressBar({ progress }: { progress: LoadProgress | null }) {
  const intl = useIntl();
  const kilobytes = (bytes: number) => intl.formatMessage(m.bytes, { kilobytes: intl.formatNumber(bytes / 1024, { maximumFractionDigits: 0 }) });
  const text = progress
    ? progress.total
      ? intl.formatMessage(m.modelProgress, { loaded: kilobytes(progress.loaded), total: kilobytes(progress.total) })
      : intl.formatMessage(m.modelProgressUnknown, { loaded: kilobytes(progress.loaded) })
    : intl.formatMessage(m.loadingModel);
  return (
    <div className="debug-progress" role="status">
      <span>{text}</span>
      <progress aria-label={text} max={progress?.total ?? undefined} value={progress?.total ? progress.loaded : undefined} />
    </div>
  );
}

/** What the engine runs: the model's tensors, backend and load time, or why no model is loaded. */
export function ModelPanel({ status, loading, progress }: { status: EngineStatus; loading: boolean; progress: LoadProgress | null }) {
  const intl = useIntl();
  const { model, settings } = status;
  const ms = (value: number) => intl.formatMessage(m.milliseconds, { ms: intl.formatNumber(value, { maximumFractionDigits: 0 }) });
  return (
    <div className="debug-stack">
      {loading && <LoadProgressBar progress={progress} />}
      {!loading && status.reason && (
        <p className="debug-alert" role="alert">
          {intl.formatMessage(basicModeMessage(status.reason))}
        </p>
      )}
      <section className="debug-card">
        <h2 className="debug-card-title">{intl.formatMessage(m.modelTitle)}</h2>
        {model ? (
          <>
            <dl className="debug-facts">
              <div>
                <dt>{intl.formatMessage(m.modelAddress)}</dt>
                <dd className="debug-mono">{model.url}</dd>
              </div>
              <div>
                <dt>{intl.formatMessage(m.modelSize)}</dt>
                <dd>{intl.formatMessage(m.bytes, { kilobytes: intl.formatNumber(model.bytes / 1024, { maximumFractionDigits: 1 }) })}</dd>
              </div>
              <div>
                <dt>{intl.formatMessage(m.modelBackend)}</dt>
                <dd className="debug-mono">{model.backend}</dd>
              </div>
              <div>
                <dt>{intl.formatMessage(m.modelLoadTime)}</dt>
                <dd>{ms(model.loadMs)}</dd>
              </div>
            </dl>
            <TensorTable caption={intl.formatMessage(m.modelInputs)} tensors={model.inputs} />
            <TensorTable caption={intl.formatMessage(m.modelOutputs)} tensors={model.outputs} />
          </>
        ) : (
          <p className="debug-muted">{intl.formatMessage(m.errorSessionNotLoaded)}</p>
        )}
      </section>
      <section className="debug-card">
        <h2 className="debug-card-title">{intl.formatMessage(m.activeSettings)}</h2>
        <dl className="debug-facts" aria-label={intl.formatMessage(m.activeSettings)}>
          <div>
            <dt>{intl.formatMessage(m.modelMode)}</dt>
            <dd>{intl.formatMessage(status.mode === 'model' ? m.modeModel : m.modeBasic)}</dd>
          </div>
          <div>
            <dt>{intl.formatMessage(m.inputSize)}</dt>
            <dd>{intl.formatMessage(m.inputSizeValue, { size: settings.inputSize })}</dd>
          </div>
          <div>
            <dt>{intl.formatMessage(m.confidence)}</dt>
            <dd>{intl.formatNumber(settings.confThreshold, { minimumFractionDigits: 2 })}</dd>
          </div>
          <div>
            <dt>{intl.formatMessage(m.iou)}</dt>
            <dd>{intl.formatNumber(settings.iouThreshold, { minimumFractionDigits: 2 })}</dd>
          </div>
          <div>
            <dt>{intl.formatMessage(m.modelAddress)}</dt>
            <dd className="debug-mono">{settings.modelUrl}</dd>
          </div>
        </dl>
      </section>
    </div>
  );
}
