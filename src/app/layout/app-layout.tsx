import { useIntl } from 'react-intl';
import { Outlet } from 'react-router';
import { ToastViewport } from '../../components/toasts/toast-viewport.tsx';
import { AppFooter } from './app-footer.tsx';
import { AppHeader } from './app-header.tsx';
import { OfflineNote } from '../offline-note.tsx';
import { UpdatePrompt } from '../update-prompt.tsx';
import { layoutMessages } from './layout-messages.ts';
import '../../styles.css';

export function AppLayout() {
  const intl = useIntl();
  return (
    <div className="app-shell">
      <a className="skip-link" href="#main">
        {intl.formatMessage(layoutMessages.skipToContent)}
      </a>
      <AppHeader />
      <main id="main" className="app-main">
        <OfflineNote />
        <Outlet />
      </main>
      <AppFooter />
      <ToastViewport />
      <UpdatePrompt />
    </div>
  );
}
