import { escapeHtml, htmlPage } from './html-page.ts';
import type { OutboxMessage } from './dev-outbox.ts';
import { pageTexts, type PageLanguage } from './page-texts.ts';

const webAddress = /https?:\/\/[^\s<>"']+/g;

/** A mail's text with its addresses as links, so a set-password link can be followed. */
function textWithLinks(text: string): string {
  let html = '';
  let last = 0;
  for (const match of text.matchAll(webAddress)) {
    html += escapeHtml(text.slice(last, match.index)) + `<a href="${escapeHtml(match[0])}">${escapeHtml(match[0])}</a>`;
    last = match.index + match[0].length;
  }
  return html + escapeHtml(text.slice(last));
}

export function renderOutbox(language: PageLanguage, messages: OutboxMessage[]): string {
  const texts = pageTexts(language);
  const rows = messages
    .map(
      (message) =>
        `<tr><td>${escapeHtml(message.createdAt.toISOString())}</td><td>${escapeHtml(message.recipient)}</td><td>${escapeHtml(message.subject)}</td><td class="mail">${textWithLinks(message.text)}</td></tr>`,
    )
    .join('\n');
  const table = messages.length
    ? `<table><caption class="hint">${escapeHtml(texts.outboxIntro)}</caption><thead><tr><th scope="col">${escapeHtml(texts.sent)}</th><th scope="col">${escapeHtml(texts.to)}</th><th scope="col">${escapeHtml(texts.subject)}</th><th scope="col">${escapeHtml(texts.message)}</th></tr></thead><tbody>${rows}</tbody></table>`
    : `<p>${escapeHtml(texts.outboxEmpty)}</p>`;
  return htmlPage(language, texts.outboxTitle, table, { wide: true });
}

export function renderSetPassword(language: PageLanguage, token: string, error?: string): string {
  const texts = pageTexts(language);
  const alert = error ? `<p class="error" role="alert" id="password-error">${escapeHtml(error)}</p>` : '';
  const body = `${alert}
<form method="post" action="/dev/set-password">
<input type="hidden" name="token" value="${escapeHtml(token)}">
<input type="hidden" name="lang" value="${language}">
<label for="password">${escapeHtml(texts.newPassword)}</label>
<input id="password" name="password" type="password" autocomplete="new-password" required minlength="8" aria-describedby="password-hint" autofocus>
<p class="hint" id="password-hint">${escapeHtml(texts.passwordRules)}</p>
<label for="confirm">${escapeHtml(texts.confirmPassword)}</label>
<input id="confirm" name="confirm" type="password" autocomplete="new-password" required minlength="8">
<button type="submit">${escapeHtml(texts.savePassword)}</button>
</form>`;
  return htmlPage(language, texts.setPasswordTitle, body);
}

export function renderMessage(language: PageLanguage, title: string, message: string, link: { href: string; text: string }, kind: 'notice' | 'error'): string {
  return htmlPage(
    language,
    title,
    `<p class="${kind}" role="${kind === 'error' ? 'alert' : 'status'}">${escapeHtml(message)}</p><p><a href="${escapeHtml(link.href)}">${escapeHtml(link.text)}</a></p>`,
  );
}
