/** check-sso: visitors browse freely and sign in on demand; login-required: everyone signs in first. */
export type SignInMode = 'check-sso' | 'login-required';
