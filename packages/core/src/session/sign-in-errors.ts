/**
 * Why a sign-in came back without a session: the server's SSO callback sends the browser to
 * `/login?error=<code>` instead of `/login?email=&name=` when it refuses the person. The login
 * screen shows the reason and does not start single sign-on again by itself (that would only loop).
 */

/** The message for each code the sign-in can come back with. */
export const signInErrorMessages: Readonly<Record<string, string>> = {
  account_deactivated: 'Your account is deactivated. Ask an administrator to reactivate it.',
};

/** The message for a code it does not know. */
export const UNKNOWN_SIGN_IN_ERROR = 'Sign-in did not complete. Try again.';

/**
 * The message for the `error` of the login URL, or `null` when there is none.
 * @example signInErrorMessage('account_deactivated') // 'Your account is deactivated. Ask an administrator to reactivate it.'
 */
export function signInErrorMessage(code: string | null | undefined): string | null {
  if (!code) return null;
  return Object.hasOwn(signInErrorMessages, code) ? signInErrorMessages[code]! : UNKNOWN_SIGN_IN_ERROR;
}
