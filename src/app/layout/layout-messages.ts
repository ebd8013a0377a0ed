import { defineMessages } from '../../i18n/define-messages.ts';

export const layoutMessages = defineMessages({
  brand: { id: 'layout.brand', defaultMessage: 'Card Lens' },
  scan: { id: 'nav.scan', defaultMessage: 'Scan' },
  cards: { id: 'nav.cards', defaultMessage: 'Cards' },
  sets: { id: 'nav.sets', defaultMessage: 'Sets' },
  collection: { id: 'nav.collection', defaultMessage: 'My collection' },
  profile: { id: 'nav.profile', defaultMessage: 'Profile' },
  login: { id: 'nav.login', defaultMessage: 'Login' },
  register: { id: 'nav.register', defaultMessage: 'Register' },
  debug: { id: 'nav.debug', defaultMessage: 'Debug' },
  logout: { id: 'nav.logout', defaultMessage: 'Logout' },
  menu: { id: 'nav.menu', defaultMessage: 'Menu' },
  mainNavigation: { id: 'nav.label', defaultMessage: 'Main navigation' },
  language: { id: 'layout.language', defaultMessage: 'Language' },
  darkMode: { id: 'layout.darkMode', defaultMessage: 'Dark mode' },
  lightMode: { id: 'layout.lightMode', defaultMessage: 'Light mode' },
  copyright: { id: 'layout.copyright', defaultMessage: '© {year} Card Lens' },
  skipToContent: { id: 'layout.skipToContent', defaultMessage: 'Skip to content' },
});
