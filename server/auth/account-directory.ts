export interface NewAccount {
  email: string;
  firstName: string;
  lastName: string;
  language: string;
}

/** Where accounts live: Keycloak in production, the embedded provider on one machine. */
export interface AccountDirectory {
  /**
   * Creates the account without a password and sends it a set-your-password message. Answers the
   * new account's subject, or undefined when the email is already taken.
   */
  register(account: NewAccount): Promise<{ subject: string } | undefined>;
}
