import { escapeHtml, htmlPage } from './html-page.ts';
import { pageTexts, type PageLanguage } from './page-texts.ts';

export interface LoginPageState {
  email?: string;
  failed?: boolean;
  /** Seconds to wait when too many attempts were made. */
  retryAfterSeconds?: number;
}

export function renderLoginPage(language: PageLanguage, action: string, { email = '', failed = false, retryAfterSeconds }: LoginPageState = {}): string {
  const texts = pageTexts(language);
  const problem = retryAfterSeconds !== undefined ? texts.tooManyAttempts.replace('{minutes}', String(Math.ceil(retryAfterSeconds / 60))) : failed ? texts.wrongPassword : undefined;
  failed ||= problem !== undefined;
  const error = problem ? `<p class="error" role="alert" id="login-error">${escapeHtml(problem)}</p>` : '';
  const described = failed ? ' aria-describedby="login-error" aria-invalid="true"' : '';
  const body = `${error}
<form method="post" action="${escapeHtml(action)}" novalidate>
<input type="hidden" name="lang" value="${language}">
<label for="email">${escapeHtml(texts.email)}</label>
<input id="email" name="email" type="email" autocomplete="username" required value="${escapeHtml(email)}"${failed ? '' : ' autofocus'}${described}>
<label for="password">${escapeHtml(texts.password)}</label>
<input id="password" name="password" type="password" autocomplete="current-password" required${failed ? ' autofocus' : ''}${described}>
<button type="submit">${escapeHtml(texts.signIn)}</button>
</form>
<nav aria-label="${escapeHtml(texts.language)}"><a href="?lang=en" lang="en">English</a> · <a href="?lang=fr" lang="fr">Français</a></nav>`;
  return htmlPage(language, texts.signInTitle, body);
}
