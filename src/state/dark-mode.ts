import { persistedPreference } from './persisted-preference.ts';

const parse = (raw: string) => (raw === 'true' ? true : raw === 'false' ? false : undefined);

export const darkModeAtom = persistedPreference<boolean>('darkmode', false, parse, String);

/** The dark style is a class on the root element so plain CSS can follow it. */
export function applyDarkMode(root: HTMLElement, dark: boolean): void {
  root.classList.toggle('dark', dark);
}
