// Build-time configuration, validated where it enters the app.

function absoluteOrOrigin(raw: string | undefined): string {
  if (raw === undefined || raw.trim() === '') return globalThis.location?.origin ?? 'http://localhost:8080';
  try {
    return new URL(raw).toString().replace(/\/$/, '');
  } catch {
    throw new Error(`VITE_IAM_URL must be an absolute URL, got '${raw}'`);
  }
}

export const appEnv = {
  /** Base address of the Card Lens API (catalogue, identification, profile); defaults to the app's own origin. */
  apiBaseUrl: absoluteOrOrigin(import.meta.env.VITE_IAM_URL as string | undefined),
  /** Where the identity provider settings are read from. */
  configPath: (import.meta.env.VITE_CONFIG_PATH as string | undefined) || '/config',
};
