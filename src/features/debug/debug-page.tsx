import { useState, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { PageTitle } from '../../components/page-title.tsx';
import { CameraPanel } from './camera-panel.tsx';
import { debugMessages as m } from './debug-messages.ts';
import { DebugTabs } from './debug-tabs.tsx';
import { LoadProgressBar, ModelPanel } from './model-panel.tsx';
import { SettingsPanel } from './settings-panel.tsx';
import { UploadPanel } from './upload-panel.tsx';
import { useDebugEngine } from './use-debug-engine.ts';
import './debug.css';

type TabId = 'camera' | 'upload' | 'model';

const idPrefix = 'debug';

export default function DebugPage() {
  const intl = useIntl();
  const engine = useDebugEngine();
  const [tab, setTab] = useState<TabId>('camera');
  const { status } = engine;

  const tabs = [
    { id: 'camera' as const, label: intl.formatMessage(m.tabCamera) },
    { id: 'upload' as const, label: intl.formatMessage(m.tabUpload) },
    { id: 'model' as const, label: intl.formatMessage(m.tabModel) },
  ];

  // Panels stay mounted when hidden so uploads survive a look at another tab; the camera stops while hidden.
  const panel = (id: TabId, content: ReactNode) => (
    <div role="tabpanel" id={`${idPrefix}-panel-${id}`} aria-labelledby={`${idPrefix}-tab-${id}`} hidden={tab !== id} className="debug-panel">
      {content}
    </div>
  );

  return (
    <section className="page debug-page">
      <PageTitle text={intl.formatMessage(m.title)} />
      <p className="debug-subtitle">{intl.formatMessage(m.subtitle)}</p>
      {status ? (
        <div className="debug-layout">
          <SettingsPanel engine={engine} status={status} />
          <div className="debug-main">
            <DebugTabs tabs={tabs} selected={tab} onSelect={setTab} label={intl.formatMessage(m.tabsLabel)} idPrefix={idPrefix} />
            {panel('camera', <CameraPanel engine={engine} status={status} active={tab === 'camera'} />)}
            {panel('upload', <UploadPanel engine={engine} status={status} />)}
            {panel('model', <ModelPanel status={status} loading={engine.loading} progress={engine.progress} />)}
          </div>
        </div>
      ) : (
        <div className="debug-stack">
          <p className="debug-muted">{intl.formatMessage(m.engineStarting)}</p>
          <LoadProgressBar progress={engine.progress} />
        </div>
      )}
    </section>
  );
}
