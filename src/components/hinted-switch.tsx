import { useId } from 'react';

export interface HintedSwitchProps {
  label: string;
  /** One line under the switch on what turning it on does; screen readers read it with the switch. */
  hint: string;
  checked: boolean;
  onChange: (on: boolean) => void;
  disabled?: boolean;
  className: string;
  hintClassName: string;
}

/** A switch (a checkbox with the switch role) and its hint. */
export function HintedSwitch({ label, hint, checked, onChange, disabled, className, hintClassName }: HintedSwitchProps) {
  const hintId = useId();
  return (
    <>
      <label className={className}>
        <input type="checkbox" role="switch" checked={checked} disabled={disabled} aria-describedby={hintId} onChange={(event) => onChange(event.target.checked)} />
        <span>{label}</span>
      </label>
      <p id={hintId} className={`muted ${hintClassName}`}>
        {hint}
      </p>
    </>
  );
}
