import { createApiClient, type AccessTokenSource } from './api-client.ts';
import { appEnv } from './app-env.ts';

let currentTokenSource: AccessTokenSource = () => undefined;

/** The sign-in layer registers how to get a fresh access token; until then requests go without one. */
export function setAccessTokenSource(source: AccessTokenSource): void {
  currentTokenSource = source;
}

export const api = createApiClient({ baseUrl: appEnv.apiBaseUrl, accessToken: () => currentTokenSource() });
