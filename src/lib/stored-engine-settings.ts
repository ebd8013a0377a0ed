import type { EngineSettingsPatch } from '../../engine/api.ts';

/**
 * Engine settings kept in this browser, applied over a screen's own when its engine starts:
 * bench:scan fixes the input size and emulates a slower phone with them. The engine refuses an
 * invalid value with the field named, as for any other setting.
 */
export const storedEngineSettingsKey = 'cardlens.engineSettings';

export function storedEngineSettings(): EngineSettingsPatch {
  try {
    const value: unknown = JSON.parse(globalThis.localStorage?.getItem(storedEngineSettingsKey) ?? '{}');
    return typeof value === 'object' && value !== null ? (value as EngineSettingsPatch) : {};
  } catch {
    return {};
  }
}
