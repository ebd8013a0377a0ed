export type PageLanguage = 'en' | 'fr';

const en = {
  signInTitle: 'Sign in to Card Lens',
  email: 'Email',
  password: 'Password',
  signIn: 'Sign in',
  wrongPassword: 'Invalid email or password.',
  tooManyAttempts: 'Too many sign-in attempts. Please wait {minutes} min and try again.',
  backToApp: 'Back to Card Lens',
  setPasswordTitle: 'Set your password',
  newPassword: 'New password',
  confirmPassword: 'Confirm password',
  savePassword: 'Save password',
  passwordRules: 'At least 8 characters.',
  passwordTooShort: 'The password must have at least 8 characters.',
  passwordsDiffer: 'The two passwords differ.',
  linkInvalid: 'This link is invalid or has expired.',
  passwordSaved: 'Your password is saved. You can now sign in.',
  goToLogin: 'Go to sign in',
  outboxTitle: 'Outbox',
  outboxIntro: 'Mail this server keeps because no SMTP server is configured (SMTP_URL).',
  outboxEmpty: 'No messages yet.',
  outboxForbidden: 'Only an administrator signed in on this server can read the outbox.',
  message: 'Message',
  setPasswordMailSubject: 'Set your Card Lens password',
  setPasswordMailBody: 'Welcome to Card Lens. Choose your password with this link, valid for 24 hours:',
  to: 'To',
  subject: 'Subject',
  sent: 'Sent',
  signingOut: 'Signing out...',
  signOut: 'Sign out',
  signedOut: 'You are signed out.',
  error: 'Sign-in error',
  language: 'Language',
};

const fr: typeof en = {
  signInTitle: 'Connexion à Card Lens',
  email: 'E-mail',
  password: 'Mot de passe',
  signIn: 'Se connecter',
  wrongPassword: 'E-mail ou mot de passe incorrect.',
  tooManyAttempts: 'Trop de tentatives de connexion. Patientez {minutes} min puis réessayez.',
  backToApp: 'Retour à Card Lens',
  setPasswordTitle: 'Choisissez votre mot de passe',
  newPassword: 'Nouveau mot de passe',
  confirmPassword: 'Confirmez le mot de passe',
  savePassword: 'Enregistrer le mot de passe',
  passwordRules: 'Au moins 8 caractères.',
  passwordTooShort: 'Le mot de passe doit comporter au moins 8 caractères.',
  passwordsDiffer: 'Les deux mots de passe diffèrent.',
  linkInvalid: 'Ce lien est invalide ou a expiré.',
  passwordSaved: 'Votre mot de passe est enregistré. Vous pouvez maintenant vous connecter.',
  goToLogin: 'Aller à la connexion',
  outboxTitle: "Boîte d'envoi",
  outboxIntro: "Courriels que ce serveur garde faute de serveur SMTP configuré (SMTP_URL).",
  outboxEmpty: 'Aucun message pour le moment.',
  outboxForbidden: "Seul un administrateur connecté à ce serveur peut lire la boîte d'envoi.",
  message: 'Message',
  setPasswordMailSubject: 'Choisissez votre mot de passe Card Lens',
  setPasswordMailBody: 'Bienvenue sur Card Lens. Choisissez votre mot de passe avec ce lien, valable 24 heures :',
  to: 'À',
  subject: 'Objet',
  sent: 'Envoyé',
  signingOut: 'Déconnexion...',
  signOut: 'Se déconnecter',
  signedOut: 'Vous êtes déconnecté.',
  error: 'Erreur de connexion',
  language: 'Langue',
};

export type PageTexts = typeof en;

export function pageTexts(language: PageLanguage): PageTexts {
  return language === 'fr' ? fr : en;
}

/** `ui_locales` or `lang` first (the app passes its language), then the browser's Accept-Language. */
export function pickLanguage(requested: string | undefined, acceptLanguage: string | undefined): PageLanguage {
  const candidates = [...(requested ?? '').split(/[\s,]+/), ...(acceptLanguage ?? '').split(',').map((part) => part.split(';')[0]!)];
  for (const candidate of candidates) {
    const code = candidate.trim().slice(0, 2).toLowerCase();
    if (code === 'en' || code === 'fr') return code;
  }
  return 'en';
}
