import { useIntl } from 'react-intl';
import { defineMessages } from '../../i18n/define-messages.ts';
import { PageTitle } from '../../components/page-title.tsx';

const messages = defineMessages({
  title: { id: 'register.title', defaultMessage: 'Create your account' },
});

export default function RegisterPage() {
  const intl = useIntl();
  return (
    <section className="page">
      <PageTitle text={intl.formatMessage(messages.title)} />
    </section>
  );
}
