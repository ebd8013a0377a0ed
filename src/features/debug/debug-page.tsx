import { useIntl } from 'react-intl';
import { defineMessages } from '../../i18n/define-messages.ts';
import { PageTitle } from '../../components/page-title.tsx';

const messages = defineMessages({
  title: { id: 'debug.title', defaultMessage: 'Model debug' },
});

export default function DebugPage() {
  const intl = useIntl();
  return (
    <section className="page">
      <PageTitle text={intl.formatMessage(messages.title)} />
    </section>
  );
}
