const checkTimeoutMs = 10_000;

/**
 * Keycloak's check: a frame on the provider's origin sets a cookie and reports whether it survived.
 * Same-origin providers need no check; a silent answer or a timeout counts as blocked.
 */
export function thirdPartyCookiesBlocked(authority: string): Promise<boolean> {
  if (new URL(authority).origin === globalThis.location.origin) return Promise.resolve(false);
  return new Promise((resolve) => {
    const frame = document.createElement('iframe');
    const origin = new URL(authority).origin;
    const finish = (blocked: boolean) => {
      window.removeEventListener('message', onMessage);
      clearTimeout(timer);
      frame.remove();
      resolve(blocked);
    };
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== origin || (event.data !== 'supported' && event.data !== 'unsupported')) return;
      finish(event.data === 'unsupported');
    };
    const timer = setTimeout(() => finish(true), checkTimeoutMs);
    window.addEventListener('message', onMessage);
    frame.src = `${authority}/protocol/openid-connect/3p-cookies/step1.html`;
    frame.title = 'third-party cookie check';
    frame.hidden = true;
    document.body.appendChild(frame);
  });
}
