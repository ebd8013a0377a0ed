import { useEffect, useState, type FormEvent } from 'react';
import { useSetAtom } from 'jotai';
import { useIntl } from 'react-intl';
import { defineMessages } from '../../i18n/define-messages.ts';
import { commonMessages } from '../../i18n/common-messages.ts';
import { CheckboxField, LabelledField, TextField } from '../../components/form-fields.tsx';
import { PageTitle } from '../../components/page-title.tsx';
import { api } from '../../lib/api.ts';
import { errorText } from '../../lib/error-text.ts';
import { fetchProfileForm, isValidLanguage, saveProfile, type ProfileForm } from '../../lib/auth-account-api.ts';
import { darkModeAtom } from '../../state/dark-mode.ts';
import { localeAtom, toLocale } from '../../state/locale.ts';
import { currencyPreferenceAtom, toCurrency } from '../../lib/price.ts';

const messages = defineMessages({
  title: { id: 'profile.title', defaultMessage: 'Profile' },
  firstName: { id: 'profile.firstName', defaultMessage: 'First name' },
  lastName: { id: 'profile.lastName', defaultMessage: 'Last name' },
  language: { id: 'profile.language', defaultMessage: 'Language' },
  languageHint: { id: 'profile.languageHint', defaultMessage: 'Two letters, e.g., en or fr' },
  languageRule: { id: 'profile.languageRule', defaultMessage: 'Language must be exactly 2 characters (e.g., en, fr)' },
  timezone: { id: 'profile.timezone', defaultMessage: 'Timezone' },
  darkmode: { id: 'profile.darkmode', defaultMessage: 'Dark mode' },
  currency: { id: 'profile.currency', defaultMessage: 'Prices in' },
  currencyAuto: { id: 'profile.currency.auto', defaultMessage: 'Follow the language (euros in French, dollars in English)' },
  currencyEur: { id: 'profile.currency.eur', defaultMessage: 'Euros (€, Cardmarket)' },
  currencyUsd: { id: 'profile.currency.usd', defaultMessage: 'US dollars ($, TCGplayer)' },
  save: { id: 'profile.save', defaultMessage: 'Save changes' },
  saving: { id: 'profile.saving', defaultMessage: 'Saving...' },
  saved: { id: 'profile.saved', defaultMessage: 'Profile updated successfully' },
  loadFailed: { id: 'profile.loadFailed', defaultMessage: 'Could not load your profile: {reason}' },
  saveFailed: { id: 'profile.saveFailed', defaultMessage: 'Could not save your profile: {reason}' },
});

export default function ProfilePage() {
  const intl = useIntl();
  const setLocale = useSetAtom(localeAtom);
  const setDarkMode = useSetAtom(darkModeAtom);
  const setCurrencyPreference = useSetAtom(currencyPreferenceAtom);
  const [form, setForm] = useState<ProfileForm | undefined>();
  const [loadError, setLoadError] = useState<{ error: unknown }>();
  const [saving, setSaving] = useState(false);
  const [saved, setSaved] = useState(false);
  const [languageInvalid, setLanguageInvalid] = useState(false);
  const [saveError, setSaveError] = useState<string | undefined>();

  useEffect(() => {
    let live = true;
    fetchProfileForm(api).then(
      (profile) => live && setForm(profile),
      (error: unknown) => live && setLoadError({ error }),
    );
    return () => {
      live = false;
    };
  }, []);

  const update = <Key extends keyof ProfileForm>(key: Key, value: ProfileForm[Key]) => {
    setSaved(false);
    setForm((current) => current && { ...current, [key]: value });
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!form) return;
    setSaved(false);
    setSaveError(undefined);
    if (!isValidLanguage(form.language)) {
      setLanguageInvalid(true);
      return;
    }
    setLanguageInvalid(false);
    setSaving(true);
    try {
      await saveProfile(api, form);
      setSaved(true);
      const locale = toLocale(form.language);
      if (locale) setLocale(locale);
      setDarkMode(form.darkmode);
      setCurrencyPreference(form.currency ?? 'auto');
    } catch (error) {
      setSaveError(errorText(intl, error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <section className="page form-page">
      <PageTitle text={intl.formatMessage(messages.title)} />
      {loadError !== undefined && (
        <p className="form-error" role="alert">
          {intl.formatMessage(messages.loadFailed, { reason: errorText(intl, loadError.error) })}
        </p>
      )}
      {!form && loadError === undefined && <p role="status">{intl.formatMessage(commonMessages.loading)}</p>}
      {form && (
        <form className="account-form" onSubmit={(event) => void submit(event)} noValidate>
          <TextField label={intl.formatMessage(messages.firstName)} required autoComplete="given-name" value={form.firstName} onChange={(event) => update('firstName', event.target.value)} />
          <TextField label={intl.formatMessage(messages.lastName)} required autoComplete="family-name" value={form.lastName} onChange={(event) => update('lastName', event.target.value)} />
          <LabelledField label={intl.formatMessage(messages.language)}>
            <input
              value={form.language}
              list="profile-languages"
              aria-invalid={languageInvalid}
              aria-describedby={languageInvalid ? 'profile-language-error' : 'profile-language-hint'}
              onChange={(event) => update('language', event.target.value)}
            />
            <datalist id="profile-languages">
              <option value="en" />
              <option value="fr" />
            </datalist>
            {languageInvalid ? (
              <span id="profile-language-error" className="field-error" role="alert">
                {intl.formatMessage(messages.languageRule)}
              </span>
            ) : (
              <span id="profile-language-hint" className="field-hint">
                {intl.formatMessage(messages.languageHint)}
              </span>
            )}
          </LabelledField>
          <TextField label={intl.formatMessage(messages.timezone)} value={form.timezone} placeholder="Europe/Paris" onChange={(event) => update('timezone', event.target.value)} />
          <LabelledField label={intl.formatMessage(messages.currency)}>
            <select value={form.currency ?? ''} onChange={(event) => update('currency', toCurrency(event.target.value) ?? null)}>
              <option value="">{intl.formatMessage(messages.currencyAuto)}</option>
              <option value="EUR">{intl.formatMessage(messages.currencyEur)}</option>
              <option value="USD">{intl.formatMessage(messages.currencyUsd)}</option>
            </select>
          </LabelledField>
          <CheckboxField label={intl.formatMessage(messages.darkmode)} checked={form.darkmode} onChange={(checked) => update('darkmode', checked)} />
          {saved && (
            <p className="form-success" role="status">
              {intl.formatMessage(messages.saved)}
            </p>
          )}
          {saveError !== undefined && (
            <p className="form-error" role="alert">
              {intl.formatMessage(messages.saveFailed, { reason: saveError })}
            </p>
          )}
          <button type="submit" className="primary" disabled={saving}>
            {intl.formatMessage(saving ? messages.saving : messages.save)}
          </button>
        </form>
      )}
    </section>
  );
}
