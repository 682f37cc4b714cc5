import { describe, expect, it } from 'vitest';
import { isSameSite, siteOf, widgetSiteWarnings } from './widget-sites.js';

describe('sites as browsers reckon them for SameSite cookies', () => {
  it('are the scheme and the registrable domain', () => {
    expect(siteOf('https://handbook.example.com')).toBe('https://example.com');
    expect(siteOf('https://assistant.example.co.uk:8443')).toBe('https://example.co.uk');
    expect(isSameSite('https://handbook.example.com', 'https://assistant.example.com')).toBe(true);
    expect(isSameSite('https://team-wiki.example.net', 'https://assistant.example.com')).toBe(false);
    // Schemeful: the http page of the same domain is another site.
    expect(isSameSite('http://handbook.example.com', 'https://assistant.example.com')).toBe(false);
    // Private suffixes count: two projects' pages on github.io are two sites.
    expect(isSameSite('https://a.github.io', 'https://b.github.io')).toBe(false);
  });

  it('are the host itself for IP addresses and single-label hosts: 127.0.0.1 and localhost are two', () => {
    expect(siteOf('http://127.0.0.1:18209')).toBe('http://127.0.0.1');
    expect(siteOf('http://localhost:18201')).toBe('http://localhost');
    expect(isSameSite('http://localhost:5501', 'http://localhost:8080')).toBe(true);
    expect(isSameSite('http://127.0.0.1:18209', 'http://localhost:18201')).toBe(false);
    expect(siteOf('http://[::1]:3000')).toBe('http://[::1]');
  });
});

describe('the warning at start about WIDGET_ORIGINS', () => {
  it('names each origin on another site while cookies are SameSite=Lax, with what to do', () => {
    const warnings = widgetSiteWarnings({
      publicUrl: 'http://localhost:18201',
      widgetOrigins: ['http://localhost:5501', 'http://127.0.0.1:18209'],
      cookieSameSite: 'lax',
    });
    expect(warnings).toEqual([
      'WIDGET_ORIGINS has http://127.0.0.1:18209, another site than PUBLIC_URL (http://localhost): the session cookie is SameSite=Lax, so browsers will not send it from that page and the widget there stays signed out after signing in. Serve the page and the assistant on one site, or set COOKIE_SAMESITE=none (needs an https PUBLIC_URL).',
    ]);
  });

  it('says nothing when every page is on the server’s site', () => {
    expect(
      widgetSiteWarnings({
        publicUrl: 'https://assistant.example.com',
        widgetOrigins: ['https://handbook.example.com', 'https://it.example.com:8443'],
        cookieSameSite: 'lax',
      }),
    ).toEqual([]);
    expect(
      widgetSiteWarnings({
        publicUrl: 'https://assistant.example.com',
        widgetOrigins: [],
        cookieSameSite: 'lax',
      }),
    ).toEqual([]);
  });

  it('with SameSite=None, says that browsers blocking third-party cookies still refuse them', () => {
    const [warning, ...rest] = widgetSiteWarnings({
      publicUrl: 'https://assistant.example.com',
      widgetOrigins: ['https://team-wiki.example.net', 'https://handbook.example.com'],
      cookieSameSite: 'none',
    });
    expect(rest).toEqual([]);
    expect(warning).toContain('https://team-wiki.example.net');
    expect(warning).not.toContain('handbook');
    expect(warning).toContain('block third-party cookies');
  });
});
