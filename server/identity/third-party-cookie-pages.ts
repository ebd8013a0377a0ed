import { pageAssetsPath } from './html-page.ts';

// Keycloak's third-party-cookie check, as two frames whose scripts are served as files.
export const thirdPartyCookieStep1 = `<!doctype html><html><body><script src="${pageAssetsPath}/3p-cookies-step1.js"></script></body></html>`;

export const thirdPartyCookieStep2 = `<!doctype html><html><body><script src="${pageAssetsPath}/3p-cookies-step2.js"></script></body></html>`;
