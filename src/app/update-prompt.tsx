/// <reference types="vite-plugin-pwa/client" />
import { useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { registerSW } from 'virtual:pwa-register';
import { defineMessages } from '../i18n/define-messages.ts';
import { frameEventName } from '../lib/frame-event.ts';
import './update-prompt.css';


const messages = defineMessages({
  ready: { id: 'update.ready', defaultMessage: 'A new version of Card Lens is ready.' },
  reload: { id: 'update.reload', defaultMessage: 'Reload to update' },
  later: { id: 'update.later', defaultMessage: 'Later' },
});

/**
 * Registers the service worker and, when a new version has been downloaded, asks before using it:
 * the swap reloads the page, so it never happens in the middle of a scan.
 *
 * A first visit registers it only once the Scan screen has analysed its first frame: the worker
 * precaches the detection runtime and model, which the page has by then downloaded (the worker's
 * copies are then revalidations, not a second download), and a visit to the catalogue alone
 * downloads neither.
 */
export function UpdatePrompt() {
  const intl = useIntl();
  const [needRefresh, setNeedRefresh] = useState(false);
  const update = useRef<((reload?: boolean) => Promise<void>) | null>(null);

  useEffect(() => {
    if (!('serviceWorker' in navigator)) return;
    let registered = false;
    const register = () => {
      if (registered) return;
      registered = true;
      update.current = registerSW({
        immediate: true,
        onNeedRefresh: () => setNeedRefresh(true),
        onRegisterError: (error: unknown) => console.warn('The service worker could not be registered', error),
      });
    };
    if (navigator.serviceWorker.controller) {
      register();
      return;
    }
    // While the camera scans, Workbox's script is run in one task and the registration in the next:
    // in one, they held a slow phone's page for longer than a frame of scanning may.
    const registerWhileScanning = () => void import('workbox-window').then(() => setTimeout(register), register);
    window.addEventListener(frameEventName, registerWhileScanning, { once: true });
    return () => window.removeEventListener(frameEventName, registerWhileScanning);
  }, []);

  if (!needRefresh) return null;
  return (
    <div className="update-prompt" role="status">
      <span>{intl.formatMessage(messages.ready)}</span>
      <button type="button" className="button" onClick={() => void update.current?.(true)}>
        {intl.formatMessage(messages.reload)}
      </button>
      <button type="button" className="button secondary" onClick={() => setNeedRefresh(false)}>
        {intl.formatMessage(messages.later)}
      </button>
    </div>
  );
}
