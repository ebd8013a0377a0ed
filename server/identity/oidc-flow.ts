import { createHash, randomBytes } from 'node:crypto';

/** A browser stand-in for tests: follows the code flow by hand, keeping cookies per path-less jar. */
export class CookieJar {
  private readonly cookies = new Map<string, string>();

  store(response: Response): void {
    for (const header of response.headers.getSetCookie()) {
      const [pair] = header.split(';');
      const index = pair!.indexOf('=');
      const name = pair!.slice(0, index).trim();
      const value = pair!.slice(index + 1).trim();
      if (value === '' || /max-age=0|expires=Thu, 01 Jan 1970/i.test(header)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

export function pkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(48).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

export async function request(jar: CookieJar, url: string, init: RequestInit = {}): Promise<Response> {
  const response = await fetch(url, { ...init, redirect: 'manual', headers: { ...(init.headers as Record<string, string>), cookie: jar.header() } });
  jar.store(response);
  return response;
}

export interface FlowOptions {
  baseUrl: string;
  realmUrl: string;
  clientId: string;
  email: string;
  password: string;
}

/** Starts a code flow as oidc-client-ts would and answers the provider's login page address. */
export async function openLoginPage({ baseUrl, realmUrl, clientId }: Omit<FlowOptions, 'email' | 'password'>) {
  const jar = new CookieJar();
  const { verifier, challenge } = pkcePair();
  const redirectUri = `${baseUrl}/`;
  const authorize = new URL(`${realmUrl}/protocol/openid-connect/auth`);
  authorize.search = new URLSearchParams({
    client_id: clientId,
    redirect_uri: redirectUri,
    response_type: 'code',
    response_mode: 'fragment',
    scope: 'openid profile email',
    state: 'state-1',
    nonce: 'nonce-1',
    code_challenge: challenge,
    code_challenge_method: 'S256',
  }).toString();
  const response = await request(jar, authorize.toString());
  if (!response.headers.get('location')) throw new Error(`authorize answered ${response.status}: ${await response.text()}`);
  return { jar, verifier, redirectUri, loginUrl: new URL(response.headers.get('location')!, baseUrl).toString() };
}

/** Posts an email and password to the login page, as its form would. */
export function submitLogin(jar: CookieJar, loginUrl: string, email: string, password: string): Promise<Response> {
  return request(jar, loginUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ email, password }).toString(),
  });
}

/** Signs in through the login page and answers the token response, as oidc-client-ts would. */
export async function signInWithCodeFlow({ baseUrl, realmUrl, clientId, email, password }: FlowOptions) {
  const { jar, verifier, redirectUri, loginUrl } = await openLoginPage({ baseUrl, realmUrl, clientId });
  let response = await request(jar, loginUrl);
  const loginPage = await response.text();
  response = await submitLogin(jar, loginUrl, email, password);
  if (response.status !== 303) return { loginPage, refused: response.status, tokens: undefined, jar };
  let location = response.headers.get('location')!;
  while (!/[#&](code|error)=/.test(location)) {
    response = await request(jar, new URL(location, baseUrl).toString());
    location = response.headers.get('location')!;
  }
  const fragment = new URLSearchParams(new URL(location).hash.slice(1));
  const token = await fetch(`${realmUrl}/protocol/openid-connect/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'authorization_code', code: fragment.get('code')!, client_id: clientId, redirect_uri: redirectUri, code_verifier: verifier }),
  });
  const tokens = (await token.json()) as { access_token: string; refresh_token: string; id_token: string; expires_in: number };
  return { loginPage, refused: undefined, tokens, fragment, jar };
}
