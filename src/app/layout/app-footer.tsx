import { useIntl } from 'react-intl';
import { layoutMessages } from './layout-messages.ts';

export function AppFooter({ now = new Date() }: { now?: Date }) {
  const intl = useIntl();
  return <footer className="app-footer">{intl.formatMessage(layoutMessages.copyright, { year: now.getFullYear() })}</footer>;
}
