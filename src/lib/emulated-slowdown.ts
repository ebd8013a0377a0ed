/**
 * A slower phone emulated on this device (the engine's `emulatedSlowdown`), kept in this browser:
 * bench:scan sets it to measure the scanner as a low-end phone runs it. Absent or 1 means none.
 */
export const emulatedSlowdownKey = 'cardlens.emulatedSlowdown';

export function storedSlowdown(): { emulatedSlowdown?: number } {
  const value = Number(globalThis.localStorage?.getItem(emulatedSlowdownKey));
  return value > 1 ? { emulatedSlowdown: value } : {};
}
