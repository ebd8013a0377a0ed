import './auth.css';
import { useState, type FormEvent } from 'react';
import { useAtomValue } from 'jotai';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { defineMessages } from '../../i18n/define-messages.ts';
import { CheckboxField, LabelledField, TextField } from '../../components/form-fields.tsx';
import { PageTitle } from '../../components/page-title.tsx';
import { api } from '../../lib/api.ts';
import { ApiError } from '../../lib/api-error.ts';
import { errorMessageOf, errorText } from '../../lib/error-text.ts';
import { registerAccount, type RegistrationForm } from '../../lib/auth-account-api.ts';
import { localeAtom } from '../../state/locale.ts';

const messages = defineMessages({
  title: { id: 'register.title', defaultMessage: 'Create your account' },
  firstName: { id: 'register.firstName', defaultMessage: 'First name' },
  lastName: { id: 'register.lastName', defaultMessage: 'Last name' },
  email: { id: 'register.email', defaultMessage: 'Email' },
  language: { id: 'register.language', defaultMessage: 'Language' },
  english: { id: 'register.english', defaultMessage: 'English' },
  french: { id: 'register.french', defaultMessage: 'Français' },
  timezone: { id: 'register.timezone', defaultMessage: 'Timezone' },
  darkmode: { id: 'register.darkmode', defaultMessage: 'Dark mode' },
  submit: { id: 'register.submit', defaultMessage: 'Create account' },
  submitting: { id: 'register.submitting', defaultMessage: 'Creating account...' },
  success: { id: 'register.success', defaultMessage: 'Account created successfully' },
  checkEmail: {
    id: 'register.checkEmail',
    defaultMessage: 'Check your email, including the spam folder, for a message to set your password before logging in.',
  },
  toLogin: { id: 'register.toLogin', defaultMessage: 'Go to login' },
  failed: { id: 'register.failed', defaultMessage: 'Registration failed' },
  haveAccount: { id: 'register.haveAccount', defaultMessage: 'Already have an account?' },
  login: { id: 'register.login', defaultMessage: 'Log in' },
});

function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone ?? '';
  } catch {
    return '';
  }
}

export default function RegisterPage() {
  const intl = useIntl();
  const locale = useAtomValue(localeAtom);
  const [form, setForm] = useState<RegistrationForm>({ firstName: '', lastName: '', email: '', language: locale, timezone: browserTimeZone(), darkmode: false });
  const [submitting, setSubmitting] = useState(false);
  const [done, setDone] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const update = <Key extends keyof RegistrationForm>(key: Key, value: RegistrationForm[Key]) => setForm((current) => ({ ...current, [key]: value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitting(true);
    setError(undefined);
    try {
      await registerAccount(api, form);
      setDone(true);
    } catch (failure) {
      // The app's own words for a problem it knows; the server's for another it answered; nothing for a crash.
      const shown = failure instanceof ApiError && (errorMessageOf(failure.code) !== undefined || (failure.status !== undefined && failure.status < 500));
      setError(shown ? errorText(intl, failure) : '');
    } finally {
      setSubmitting(false);
    }
  };

  if (done) {
    return (
      <section className="page form-page">
        <PageTitle text={intl.formatMessage(messages.title)} />
        <div className="form-success" role="status">
          <p>
            <strong>{intl.formatMessage(messages.success)}</strong>
          </p>
          <p>{intl.formatMessage(messages.checkEmail)}</p>
        </div>
        <Link className="button" to="/login">
          {intl.formatMessage(messages.toLogin)}
        </Link>
      </section>
    );
  }

  return (
    <section className="page form-page">
      <PageTitle text={intl.formatMessage(messages.title)} />
      <form className="account-form" onSubmit={(event) => void submit(event)}>
        <TextField label={intl.formatMessage(messages.firstName)} required autoComplete="given-name" value={form.firstName} onChange={(event) => update('firstName', event.target.value)} />
        <TextField label={intl.formatMessage(messages.lastName)} required autoComplete="family-name" value={form.lastName} onChange={(event) => update('lastName', event.target.value)} />
        <TextField label={intl.formatMessage(messages.email)} required type="email" autoComplete="email" value={form.email} onChange={(event) => update('email', event.target.value)} />
        <LabelledField label={intl.formatMessage(messages.language)}>
          <select value={form.language} onChange={(event) => update('language', event.target.value)}>
            <option value="en">{intl.formatMessage(messages.english)}</option>
            <option value="fr">{intl.formatMessage(messages.french)}</option>
          </select>
        </LabelledField>
        <TextField label={intl.formatMessage(messages.timezone)} value={form.timezone} placeholder="Europe/Paris" onChange={(event) => update('timezone', event.target.value)} />
        <CheckboxField label={intl.formatMessage(messages.darkmode)} checked={form.darkmode} onChange={(checked) => update('darkmode', checked)} />
        {error !== undefined && (
          <div className="form-error" role="alert">
            <p>
              <strong>{intl.formatMessage(messages.failed)}</strong>
            </p>
            {error !== '' && <p>{error}</p>}
          </div>
        )}
        <button type="submit" className="primary" disabled={submitting}>
          {intl.formatMessage(submitting ? messages.submitting : messages.submit)}
        </button>
      </form>
      <p>
        {intl.formatMessage(messages.haveAccount)} <Link to="/login">{intl.formatMessage(messages.login)}</Link>
      </p>
    </section>
  );
}
