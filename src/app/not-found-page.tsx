import { useIntl } from 'react-intl';
import { defineMessages } from '../i18n/define-messages.ts';
import { Link } from 'react-router';
import { PageTitle } from '../components/page-title.tsx';

const messages = defineMessages({
  title: { id: 'notFound.title', defaultMessage: 'Page not found' },
  backHome: { id: 'notFound.backHome', defaultMessage: 'Back home' },
});

export default function NotFoundPage() {
  const intl = useIntl();
  return (
    <section className="page not-found">
      <PageTitle text={intl.formatMessage(messages.title)} />
      <Link to="/" className="button">
        {intl.formatMessage(messages.backHome)}
      </Link>
    </section>
  );
}
