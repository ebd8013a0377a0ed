/* global parent, location */
// The answer oidc-client-ts waits for in the parent window: the address the provider sent back.
parent.postMessage({ source: 'oidc-client', url: location.href, keepOpen: false }, location.origin);
