// Whether the pages in WIDGET_ORIGINS can use the session cookie. Browsers send a SameSite=Lax
// cookie only to requests from the same *site*: the same scheme and registrable domain (the public
// suffix list's "eTLD+1": handbook.example.com and assistant.example.com are one site,
// example.net another; an IP address or a single-label host such as localhost is a site of its
// own, so http://127.0.0.1 and http://localhost are two). A widget on another site then signs in
// (the popup is first-party) but its calls arrive without the cookie; the server says so at start.
import { parse } from 'tldts';
import type { Config } from './config.js';

/** `scheme://registrable-domain` of an origin or URL; the host itself where it has no registrable domain. */
export function siteOf(origin: string): string {
  const url = new URL(origin);
  const host = url.hostname;
  // Private suffixes (github.io, ...) count, as they do in browsers: a.github.io and b.github.io are two sites.
  const { domain, isIp } = parse(host, { allowPrivateDomains: true });
  return `${url.protocol}//${isIp || !domain ? host : domain}`;
}

/** Whether two origins are the same site as browsers reckon it for SameSite cookies. */
export function isSameSite(a: string, b: string): boolean {
  return siteOf(a) === siteOf(b);
}

/**
 * What the operator should know about WIDGET_ORIGINS at start: each entry on another site than
 * PUBLIC_URL, while the session cookie is SameSite=Lax, signs in for nothing (named, with the two
 * ways out); with SameSite=None, that browsers blocking third-party cookies still refuse it.
 */
export function widgetSiteWarnings(
  config: Pick<Config, 'widgetOrigins' | 'cookieSameSite'> & { publicUrl?: string },
): string[] {
  if (!config.publicUrl) return [];
  const publicUrl = config.publicUrl;
  const otherSites = config.widgetOrigins.filter((origin) => !isSameSite(origin, publicUrl));
  if (otherSites.length === 0) return [];
  const serverSite = siteOf(publicUrl);
  if (config.cookieSameSite === 'lax') {
    return otherSites.map(
      (origin) =>
        `WIDGET_ORIGINS has ${origin}, another site than PUBLIC_URL (${serverSite}): the session cookie is SameSite=Lax, so browsers will not send it from that page and the widget there stays signed out after signing in. Serve the page and the assistant on one site, or set COOKIE_SAMESITE=none (needs an https PUBLIC_URL).`,
    );
  }
  return [
    `WIDGET_ORIGINS has pages on other sites than PUBLIC_URL (${otherSites.join(', ')}): with COOKIE_SAMESITE=none their visitors can sign in, except in browsers that block third-party cookies (Safari, Firefox's strict mode, Chrome with them off); the widget tells those visitors why.`,
  ];
}
