import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { DarkModeToggle } from './dark-mode-toggle.tsx';
import { LanguageSwitch } from './language-switch.tsx';
import { layoutMessages } from './layout-messages.ts';
import { MainNav } from './main-nav.tsx';

export function AppHeader() {
  const intl = useIntl();
  return (
    <header className="app-header">
      <Link to="/" className="brand">
        <img src="/icons/card-lens.svg" alt="" width="28" height="28" />
        <span>{intl.formatMessage(layoutMessages.brand)}</span>
      </Link>
      <MainNav />
      <div className="header-tools">
        <LanguageSwitch />
        <DarkModeToggle />
      </div>
    </header>
  );
}
