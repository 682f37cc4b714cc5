/**
 * The strings the widget and the reference server agree on for sign-in in a popup. The server does
 * not import front-end packages, so it repeats these literals; keep both in step.
 */

/** `data.type` of the message `/widget/signed-in` posts to `window.opener` once the person has signed in. */
export const SIGNED_IN_MESSAGE_TYPE = 'digital-assistant:signed-in';

/** The server's page the sign-in popup returns to: it posts {@link SIGNED_IN_MESSAGE_TYPE} and closes. */
export const SIGNED_IN_PATH = '/widget/signed-in';

/**
 * The server's page the sign-in popup opens, with `?origin=` the embedding page's origin: it starts
 * single sign-on and, once signed in, ends on {@link SIGNED_IN_PATH}, which posts only to that
 * origin and only when it is one of the server's `WIDGET_ORIGINS`.
 */
export const SIGN_IN_PATH = '/widget/sign-in';

/** The widget's name where a person reads it (the panel's title, the launcher's label). */
export const DEFAULT_TITLE = 'Digital Assistant';

/** The address the sign-in popup opens on `baseUrl`'s server, for a page on `pageOrigin`. */
export function signInUrl(baseUrl: string, pageOrigin: string): string {
  const base = baseUrl.replace(/\/+$/, '');
  return `${base}${SIGN_IN_PATH}?origin=${encodeURIComponent(pageOrigin)}`;
}

/**
 * The server's page with the README's "Embedding the chat widget" section: where the widget's
 * messages for the page's owner point (a sign-in the browser did not keep on this page).
 */
export const HELP_PATH = '/widget/help';
