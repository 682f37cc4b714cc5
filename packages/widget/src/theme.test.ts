import { describe, expect, it } from 'vitest';
import { brandStyles, contrastRatio, parseHexColor, shadowStyles } from './theme';

const css = `:root { --da-x: 1rem; color-scheme: light dark; }
@media (prefers-color-scheme: dark) { :root { --da-color-bg: #000; } .da-b { color: red; } }
.da-a { padding: 0.5rem 2px; }`;

describe('the shadow root stylesheet', () => {
  it('puts the tokens on :host and turns rem into pixels, so the page root font size cannot change the widget', () => {
    const styles = shadowStyles(css, 'auto');
    expect(styles).toContain(':host { --da-x: 16px;');
    expect(styles).toContain('padding: 8px 2px');
    expect(styles).not.toMatch(/:root|rem\b/);
    expect(styles).toContain('@media (prefers-color-scheme: dark)');
  });

  it('applies the dark tokens always for theme dark, and never for theme light', () => {
    const dark = shadowStyles(css, 'dark');
    expect(dark).not.toContain('@media');
    expect(dark).toContain(':host { --da-color-bg: #000; }');
    expect(dark).toContain('color-scheme: dark');
    const light = shadowStyles(css, 'light');
    expect(light).not.toContain('#000');
    expect(light).not.toContain('.da-b');
    expect(light).toContain('.da-a');
  });

  it('reads the stylesheet minified as the builds ship it', () => {
    const minified =
      ':root{--da-x:1rem}@media(prefers-color-scheme:dark){:root{--da-color-bg:#000}}.da-a{padding:.5rem 2px}';
    expect(shadowStyles(minified, 'dark')).toContain(':host{--da-color-bg:#000}');
    expect(shadowStyles(minified, 'light')).not.toContain('#000');
    expect(shadowStyles(minified, 'auto')).toContain('padding:8px 2px');
  });
});

describe('a brand colour', () => {
  const token = (styles: string, name: string) =>
    new RegExp(`--da-color-${name}: (#[0-9a-f]{6})`).exec(styles)?.[1];

  it('becomes the accent, with text on it and accent text that stay readable', () => {
    const styles = brandStyles('#0a7d55', 'light');
    expect(token(styles, 'accent')).toBe('#0a7d55');
    const accent = parseHexColor(token(styles, 'accent')!)!;
    const onAccent = parseHexColor(token(styles, 'accent-contrast')!)!;
    expect(contrastRatio(accent, onAccent)).toBeGreaterThanOrEqual(4.5);
    const subtle = parseHexColor(token(styles, 'accent-subtle')!)!;
    expect(contrastRatio(parseHexColor(token(styles, 'accent-text')!)!, subtle)).toBeGreaterThanOrEqual(4.5);
  });

  it('is shaded where it lacks contrast (a pale yellow on white), and lightened for the dark theme', () => {
    const light = brandStyles('#ffe066', 'light');
    expect(contrastRatio(parseHexColor(token(light, 'accent')!)!, [255, 255, 255])).toBeGreaterThanOrEqual(3);
    const dark = brandStyles('#1d3b8f', 'dark');
    expect(contrastRatio(parseHexColor(token(dark, 'accent')!)!, [21, 24, 33])).toBeGreaterThanOrEqual(3);
    expect(brandStyles('#1d3b8f', 'auto')).toContain('@media (prefers-color-scheme: dark)');
  });

  it('is refused with a message saying what to give when it is not #rgb or #rrggbb', () => {
    expect(() => brandStyles('green', 'light')).toThrow('give it as #rgb or #rrggbb');
  });
});
