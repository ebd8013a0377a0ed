// Parameters the identity provider adds to the address when it sends the browser back.
const callbackParams = ['code', 'state', 'session_state', 'iss', 'error', 'error_description', 'error_uri'];

/** True when the address carries a sign-in answer (response mode fragment, or query as a fallback). */
export function isSignInCallback(href: string): boolean {
  const url = new URL(href);
  const fragment = new URLSearchParams(url.hash.slice(1));
  const has = (params: URLSearchParams) => params.has('state') && (params.has('code') || params.has('error'));
  return has(fragment) || has(url.searchParams);
}

/** The same address without code, state, session_state and iss, in both the query and the fragment. */
export function withoutCallbackParams(href: string): string {
  const url = new URL(href);
  for (const name of callbackParams) url.searchParams.delete(name);
  const fragment = new URLSearchParams(url.hash.slice(1));
  const hadFragmentParams = callbackParams.some((name) => fragment.has(name));
  if (hadFragmentParams) {
    for (const name of callbackParams) fragment.delete(name);
    const rest = fragment.toString();
    url.hash = rest === '' ? '' : `#${rest}`;
  }
  return `${url.pathname}${url.search}${url.hash}`;
}
