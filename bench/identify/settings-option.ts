import { identifySettings, withSettings, type IdentifySettings } from '../../server/vision/identify-settings.ts';

/**
 * Identification's settings with the `--set <group>.<name>=<value>` changes of a bench's command
 * line, checked as the shipped values are; the shipped settings without any.
 */
export function settingsFromOptions(sets: readonly string[]): IdentifySettings {
  if (sets.length === 0) return identifySettings;
  const changes: Record<string, number> = {};
  for (const set of sets) {
    const match = /^([A-Za-z]+\.[A-Za-z]+)=(.+)$/.exec(set.trim());
    const value = match ? Number(match[2]) : Number.NaN;
    if (!match || match[2]!.trim() === '' || Number.isNaN(value)) throw new Error(`--set takes <group>.<name>=<number>, such as answer.maxCandidates=5, not ${set}`);
    changes[match[1]!] = value;
  }
  const settings = withSettings(changes);
  console.error(`Settings changed: ${Object.entries(changes).map(([key, value]) => `${key}=${value}`).join(', ')}`);
  return settings;
}
