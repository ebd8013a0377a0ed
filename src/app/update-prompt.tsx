/// <reference types="vite-plugin-pwa/react" />
import { useIntl } from 'react-intl';
import { useRegisterSW } from 'virtual:pwa-register/react';
import { defineMessages } from '../i18n/define-messages.ts';
import './update-prompt.css';

const messages = defineMessages({
  ready: { id: 'update.ready', defaultMessage: 'A new version of Card Lens is ready.' },
  reload: { id: 'update.reload', defaultMessage: 'Reload to update' },
  later: { id: 'update.later', defaultMessage: 'Later' },
});

/**
 * Registers the service worker once the page has loaded and, when a new version has been downloaded,
 * asks before using it: the swap reloads the page, so it never happens in the middle of a scan.
 */
export function UpdatePrompt() {
  const intl = useIntl();
  const {
    needRefresh: [needRefresh, setNeedRefresh],
    updateServiceWorker,
  } = useRegisterSW({
    onRegisterError: (error: unknown) => console.warn('The service worker could not be registered', error),
  });
  if (!needRefresh) return null;
  return (
    <div className="update-prompt" role="status">
      <span>{intl.formatMessage(messages.ready)}</span>
      <button type="button" className="button" onClick={() => void updateServiceWorker(true)}>
        {intl.formatMessage(messages.reload)}
      </button>
      <button type="button" className="button secondary" onClick={() => setNeedRefresh(false)}>
        {intl.formatMessage(messages.later)}
      </button>
    </div>
  );
}
