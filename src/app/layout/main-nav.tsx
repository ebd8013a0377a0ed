import { useState } from 'react';
import { useAtomValue } from 'jotai';
import { useIntl, type MessageDescriptor } from 'react-intl';
import { NavLink } from 'react-router';
import { authActionsAtom, authAtom, hasPermission } from '../../state/auth.ts';
import { debugPermission } from '../route-table.ts';
import { layoutMessages } from './layout-messages.ts';

interface NavItem {
  to: string;
  label: MessageDescriptor;
}

const alwaysShown: NavItem[] = [
  { to: '/', label: layoutMessages.scan },
  { to: '/cards', label: layoutMessages.cards },
  { to: '/sets', label: layoutMessages.sets },
];

/** Which links a visitor sees depends on sign-in and permissions (spec section 2, Navigation). */
export function navItemsFor(auth: { authenticated: boolean; permissions: readonly string[] }): NavItem[] {
  if (!auth.authenticated) {
    return [...alwaysShown, { to: '/login', label: layoutMessages.login }, { to: '/register', label: layoutMessages.register }];
  }
  const debug = hasPermission({ permissions: [...auth.permissions] }, debugPermission) ? [{ to: '/debug', label: layoutMessages.debug }] : [];
  return [...alwaysShown, { to: '/collection', label: layoutMessages.collection }, ...debug, { to: '/profile', label: layoutMessages.profile }];
}

export function MainNav() {
  const intl = useIntl();
  const auth = useAtomValue(authAtom);
  const actions = useAtomValue(authActionsAtom);
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);

  return (
    <nav className="main-nav" aria-label={intl.formatMessage(layoutMessages.mainNavigation)}>
      <button
        type="button"
        className="menu-toggle"
        aria-expanded={open}
        aria-controls="main-nav-links"
        onClick={() => setOpen(!open)}
      >
        <span aria-hidden="true">☰</span> <span className="menu-label">{intl.formatMessage(layoutMessages.menu)}</span>
      </button>
      <ul id="main-nav-links" className={open ? 'nav-links open' : 'nav-links'}>
        {navItemsFor(auth).map((item) => (
          <li key={item.to}>
            <NavLink to={item.to} end={item.to === '/'} onClick={close}>
              {intl.formatMessage(item.label)}
            </NavLink>
          </li>
        ))}
        {auth.authenticated && (
          <li>
            <button type="button" className="link-button" onClick={() => void actions.signOut().finally(close)}>
              {intl.formatMessage(layoutMessages.logout)}
            </button>
          </li>
        )}
      </ul>
    </nav>
  );
}
