// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- oidc-provider ships no types; every tsconfig that reaches this file must see them
/// <reference path="./oidc-provider.d.ts" />
import type ProviderClass from 'oidc-provider';

/**
 * oidc-provider, loaded in one place. On import it warns that Node.js 20 is not a runtime it
 * supports; the features used here run on 20.19 (every provider test does), so that line, which
 * would otherwise greet every start, is left out. Other warnings pass through.
 */
const warn = console.warn;
console.warn = (...args: unknown[]) => {
  if (!String(args[0]).includes('Unsupported runtime')) warn(...args);
};
let Provider: typeof ProviderClass;
try {
  ({ default: Provider } = await import('oidc-provider'));
} finally {
  console.warn = warn;
}

export default Provider;
export type { KoaContextWithOidc } from 'oidc-provider';
export type OidcProvider = ProviderClass;
