import { useSyncExternalStore } from 'react';
import { useIntl } from 'react-intl';
import { useLocation } from 'react-router';
import { defineMessages } from '../i18n/define-messages.ts';
import './offline-note.css';

const messages = defineMessages({
  offline: {
    id: 'offline.note',
    defaultMessage: 'You are offline: cards, sets and your collection need the network. The Scan screen still finds cards in the camera.',
  },
});

function subscribe(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

/** Whether the browser has a network, kept up to date by its online and offline events. */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribe, () => navigator.onLine, () => true);
}

/** With no network, every screen but Scan says so above its content: the catalogue and the collection come from the server. */
export function OfflineNote() {
  const intl = useIntl();
  const online = useOnline();
  const { pathname } = useLocation();
  if (online || pathname === '/') return null;
  return (
    <p className="offline-note" role="status">
      {intl.formatMessage(messages.offline)}
    </p>
  );
}
