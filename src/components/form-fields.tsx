import './form-fields.css';
import type { InputHTMLAttributes, ReactNode } from 'react';

/** A labelled text input of the account forms. */
export function TextField({ label, ...input }: { label: string } & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <LabelledField label={label}>
      <input {...input} />
    </LabelledField>
  );
}

/** Any control (select, input with hints) under its label, in the forms' field layout. */
export function LabelledField({ label, children }: { label: string; children: ReactNode }) {
  return (
    <label className="field">
      <span className="field-label">{label}</span>
      {children}
    </label>
  );
}

export function CheckboxField({ label, checked, onChange }: { label: string; checked: boolean; onChange: (checked: boolean) => void }) {
  return (
    <label className="checkbox-field">
      <input type="checkbox" checked={checked} onChange={(event) => onChange(event.target.checked)} />
      {label}
    </label>
  );
}
