import type { PageLanguage } from './page-texts.ts';

export function escapeHtml(value: string): string {
  return value.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;').replaceAll("'", '&#39;');
}


/** Where the identity pages' stylesheet and scripts are served: no inline code, so the CSP forbids all of it. */
export const pageAssetsPath = '/identity-assets';

/**
 * A plain, accessible server-rendered page: one main landmark, one heading, no script needed.
 * `script` names a file of `pageScripts` to run (e.g. a form that submits itself).
 */
export function htmlPage(language: PageLanguage, title: string, body: string, { wide = false, script }: { wide?: boolean; script?: keyof typeof pageScripts } = {}): string {
  return `<!doctype html>
<html lang="${language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<link rel="stylesheet" href="${pageAssetsPath}/page.css">
</head>
<body${wide ? ' class="wide"' : ''}>
<main>
<h1>${escapeHtml(title)}</h1>
${body}
</main>
${script ? `<script src="${pageAssetsPath}/${script}"></script>` : ''}
</body>
</html>`;
}

export const pageStyle = `body{font-family:system-ui,sans-serif;margin:0;background:#f4f5f7;color:#1b1f24}
main{max-width:26rem;margin:3rem auto;padding:1.5rem 2rem;background:#fff;border-radius:.5rem;box-shadow:0 1px 3px rgba(0,0,0,.15)}
h1{font-size:1.4rem;margin-top:0}
label{display:block;margin-top:1rem;font-weight:600}
input{display:block;width:100%;box-sizing:border-box;margin-top:.3rem;padding:.55rem;font-size:1rem;border:1px solid #8a939e;border-radius:.3rem}
input:focus,button:focus,a:focus{outline:3px solid #2563eb;outline-offset:2px}
button{margin-top:1.3rem;width:100%;padding:.65rem;font-size:1rem;border:0;border-radius:.3rem;background:#1d4ed8;color:#fff;cursor:pointer}
.error{color:#a61b1b;background:#fdecec;padding:.6rem;border-radius:.3rem}
.notice{color:#14532d;background:#e8f6ec;padding:.6rem;border-radius:.3rem}
.hint{color:#4b5563;font-size:.9rem;margin:.3rem 0 0}
table{border-collapse:collapse;width:100%}td,th{border-bottom:1px solid #d5d9de;padding:.4rem;text-align:left;vertical-align:top;word-break:break-all}
nav{margin-top:1rem;font-size:.9rem}
.mail{white-space:pre-wrap}
.wide main{max-width:60rem}
`;

/** The only scripts the identity pages run, each served as a file. */
export const pageScripts = {
  'sign-out.js': 'document.getElementById("op.logoutForm").submit();\n',
  // Keycloak's third-party-cookie check: step 1 sets a cookie and moves on, step 2 tells the parent
  // window whether the cookie survived inside a frame.
  '3p-cookies-step1.js': `document.cookie = "CARD_LENS_3P_COOKIE=supported; max-age=60; samesite=none; secure";
document.cookie = "CARD_LENS_3P_COOKIE_LEGACY=supported; max-age=60";
window.location = "step2.html";
`,
  '3p-cookies-step2.js': `var supported = document.cookie.indexOf("CARD_LENS_3P_COOKIE") !== -1;
document.cookie = "CARD_LENS_3P_COOKIE=; max-age=0; samesite=none; secure";
document.cookie = "CARD_LENS_3P_COOKIE_LEGACY=; max-age=0";
window.parent.postMessage(supported ? "supported" : "unsupported", "*");
`,
};
