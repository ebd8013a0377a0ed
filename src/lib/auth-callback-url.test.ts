import { describe, expect, test } from 'vitest';
import { isSignInCallback, withoutCallbackParams } from './auth-callback-url.ts';

describe('the address after the identity provider sends the browser back', () => {
  test('a fragment answer is recognised, an ordinary address is not', () => {
    expect(isSignInCallback('http://localhost:8080/#state=s&code=c&session_state=x&iss=http%3A%2F%2Fi')).toBe(true);
    expect(isSignInCallback('http://localhost:8080/#state=s&error=login_required')).toBe(true);
    expect(isSignInCallback('http://localhost:8080/cards?name=pika#top')).toBe(false);
  });

  test('code, state, session_state and iss are removed from the query and the fragment, the rest kept', () => {
    expect(withoutCallbackParams('http://localhost:8080/profile?tab=1&code=c&state=s&session_state=x&iss=i')).toBe('/profile?tab=1');
    expect(withoutCallbackParams('http://localhost:8080/#state=s&code=c&session_state=x&iss=i')).toBe('/');
    expect(withoutCallbackParams('http://localhost:8080/sets#section')).toBe('/sets#section');
  });
});
