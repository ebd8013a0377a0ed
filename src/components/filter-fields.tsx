import { useIntl } from 'react-intl';
import { commonMessages } from '../i18n/common-messages.ts';
import type { Message } from '../i18n/define-messages.ts';
import type { SortChoice } from '../lib/list-query.ts';
import { catalogueLanguages, catalogueMessages, languageMessages } from './catalogue-messages.ts';

export function TextField({ label, value, onChange }: { label: string; value: string; onChange: (value: string) => void }) {
  return (
    <label className="field">
      <span className="field-label">{label}</span>
      <input type="search" value={value} autoComplete="off" spellCheck={false} onChange={(event) => onChange(event.target.value)} />
    </label>
  );
}

export function LanguageField({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const intl = useIntl();
  return (
    <label className="field">
      <span className="field-label">{intl.formatMessage(catalogueMessages.language)}</span>
      <select value={value} onChange={(event) => onChange(event.target.value)}>
        <option value="">{intl.formatMessage(commonMessages.any)}</option>
        {catalogueLanguages.map((language) => (
          <option key={language} value={language}>
            {intl.formatMessage(languageMessages[language])}
          </option>
        ))}
      </select>
    </label>
  );
}

export interface SortOption<Choice extends SortChoice> {
  value: Choice;
  label: Message;
}

export function SortField<Choice extends SortChoice>({
  value,
  options,
  onChange,
}: {
  value: Choice;
  options: readonly SortOption<Choice>[];
  onChange: (value: Choice) => void;
}) {
  const intl = useIntl();
  return (
    <label className="field">
      <span className="field-label">{intl.formatMessage(catalogueMessages.sort)}</span>
      <select value={value} onChange={(event) => onChange(event.target.value as Choice)}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {intl.formatMessage(option.label)}
          </option>
        ))}
      </select>
    </label>
  );
}
