import './auth.css';
import '../../components/form-fields.css';
import { useState } from 'react';
import { useAtomValue } from 'jotai';
import { useIntl } from 'react-intl';
import { Link, useSearchParams } from 'react-router';
import { defineMessages } from '../../i18n/define-messages.ts';
import { PageTitle } from '../../components/page-title.tsx';
import { authActionsAtom } from '../../state/auth.ts';

const messages = defineMessages({
  title: { id: 'login.title', defaultMessage: 'Welcome back' },
  intro: { id: 'login.intro', defaultMessage: 'Sign in to keep your profile and preferences.' },
  continue: { id: 'login.continue', defaultMessage: 'Continue with Keycloak' },
  redirecting: { id: 'login.redirecting', defaultMessage: 'Redirecting...' },
  terms: {
    id: 'login.terms',
    defaultMessage: 'By continuing you accept the terms of use and the privacy notice: your name, email and preferences are kept only to run your account.',
  },
  noAccount: { id: 'login.noAccount', defaultMessage: 'No account yet?' },
  register: { id: 'login.register', defaultMessage: 'Create one' },
  failed: { id: 'login.failed', defaultMessage: 'Sign-in is unavailable right now. Please try again later.' },
});

/** A safe in-app path only; anything else goes back to Scan. */
function returnPath(value: string | null): string {
  return value && value.startsWith('/') && !value.startsWith('//') ? value : '/';
}

export default function LoginPage() {
  const intl = useIntl();
  const actions = useAtomValue(authActionsAtom);
  const [params] = useSearchParams();
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);

  const signIn = () => {
    setBusy(true);
    setFailed(false);
    actions.signIn(returnPath(params.get('returnTo'))).catch(() => {
      setBusy(false);
      setFailed(true);
    });
  };

  return (
    <section className="page form-page">
      <PageTitle text={intl.formatMessage(messages.title)} />
      <p>{intl.formatMessage(messages.intro)}</p>
      <button type="button" className="primary" onClick={signIn} disabled={busy}>
        {intl.formatMessage(busy ? messages.redirecting : messages.continue)}
      </button>
      {failed && (
        <p className="form-error" role="alert">
          {intl.formatMessage(messages.failed)}
        </p>
      )}
      <p className="auth-notice">{intl.formatMessage(messages.terms)}</p>
      <p>
        {intl.formatMessage(messages.noAccount)} <Link to="/register">{intl.formatMessage(messages.register)}</Link>
      </p>
    </section>
  );
}
