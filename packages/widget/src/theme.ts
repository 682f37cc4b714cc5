/**
 * The widget's stylesheet: `@digital-assistant/ui`'s one CSS file and the widget's own, made fit for a
 * shadow root. The design tokens move from `:root` to `:host`; `rem` sizes become pixels (a host page
 * with a huge base font size must not blow the widget up); the theme keeps, forces or drops the dark
 * tokens; a brand colour replaces the accent tokens with values that keep their contrast.
 */

/** `auto` follows the host's `prefers-color-scheme`; `light` and `dark` force one. */
export type WidgetTheme = 'auto' | 'light' | 'dark';

const DARK_MEDIA = '@media (prefers-color-scheme: dark)';
const ROOT_FONT_SIZE_PX = 16;

/** Whether `value` names a theme. */
export function isWidgetTheme(value: unknown): value is WidgetTheme {
  return value === 'auto' || value === 'light' || value === 'dark';
}

/** `@media (prefers-color-scheme: dark)`, as written or minified (`@media(prefers-color-scheme:dark)`). */
const DARK_MEDIA_QUERY = /@media\s*\(\s*prefers-color-scheme\s*:\s*dark\s*\)/g;

/** Calls `replace` with the body of every `@media (prefers-color-scheme: dark) { ... }` block. */
function mapDarkBlocks(css: string, replace: (body: string) => string): string {
  let result = '';
  let from = 0;
  for (;;) {
    DARK_MEDIA_QUERY.lastIndex = from;
    const start = DARK_MEDIA_QUERY.exec(css)?.index ?? -1;
    if (start === -1) return result + css.slice(from);
    const open = css.indexOf('{', start);
    let depth = 0;
    let end = open;
    for (; end < css.length; end++) {
      if (css[end] === '{') depth++;
      else if (css[end] === '}' && --depth === 0) break;
    }
    result += css.slice(from, start) + replace(css.slice(open + 1, end));
    from = end + 1;
  }
}

/**
 * The stylesheet for a shadow root in the given theme.
 * @example shadowStyles(uiCss + widgetCss, 'dark')
 */
export function shadowStyles(css: string, theme: WidgetTheme): string {
  let styles = css
    .replace(/:root\b/g, ':host')
    .replace(/(\d*\.?\d+)rem\b/g, (_, value: string) => `${Number(value) * ROOT_FONT_SIZE_PX}px`);
  if (theme === 'light') styles = `${mapDarkBlocks(styles, () => '')}\n:host { color-scheme: light; }`;
  if (theme === 'dark') styles = `${mapDarkBlocks(styles, (body) => body)}\n:host { color-scheme: dark; }`;
  return styles;
}

type Rgb = readonly [number, number, number];

/** `#rgb` or `#rrggbb` as red, green and blue (0-255); `null` for anything else. */
export function parseHexColor(value: string): Rgb | null {
  const match = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(value.trim());
  if (!match) return null;
  const hex = match[1]!.length === 3 ? [...match[1]!].map((digit) => digit + digit).join('') : match[1]!;
  return [0, 2, 4].map((index) => Number.parseInt(hex.slice(index, index + 2), 16)) as unknown as Rgb;
}

const toHex = (color: Rgb) =>
  `#${color.map((part) => Math.round(part).toString(16).padStart(2, '0')).join('')}`;

/** `a` moved towards `b` by `amount` (0-1). */
const mix = (a: Rgb, b: Rgb, amount: number): Rgb =>
  a.map((part, index) => part + (b[index]! - part) * amount) as unknown as Rgb;

function luminance(color: Rgb): number {
  const [red, green, blue] = color.map((part) => {
    const channel = part / 255;
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  }) as unknown as Rgb;
  return 0.2126 * red + 0.7152 * green + 0.0722 * blue;
}

/** WCAG contrast ratio of two colours (1-21). */
export function contrastRatio(a: Rgb, b: Rgb): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** `color` moved towards `target` just enough to reach `ratio` against `background`. */
function withContrast(color: Rgb, target: Rgb, background: Rgb, ratio: number): Rgb {
  for (let amount = 0; amount <= 1; amount += 0.05) {
    const candidate = mix(color, target, amount);
    if (contrastRatio(candidate, background) >= ratio) return candidate;
  }
  return target;
}

const WHITE: Rgb = [255, 255, 255];
const BLACK: Rgb = [0, 0, 0];
const LIGHT_SURFACE: Rgb = [255, 255, 255];
const LIGHT_TEXT: Rgb = [22, 26, 34];
const DARK_SURFACE: Rgb = [21, 24, 33];
const DARK_TEXT: Rgb = [13, 15, 20];

function accentTokens(brand: Rgb, isDark: boolean): string {
  const surface = isDark ? DARK_SURFACE : LIGHT_SURFACE;
  // The accent is a button's background and a focus ring: 3:1 against the surface at least.
  const accent = withContrast(brand, isDark ? WHITE : BLACK, surface, 3);
  const onAccent = [isDark ? DARK_TEXT : WHITE, isDark ? WHITE : LIGHT_TEXT].sort(
    (a, b) => contrastRatio(b, accent) - contrastRatio(a, accent),
  )[0]!;
  const subtle = mix(surface, brand, isDark ? 0.2 : 0.1);
  // Text in the accent colour (links, the chosen department) reads at 4.5:1 on the subtle tint too.
  const text = withContrast(brand, isDark ? WHITE : BLACK, subtle, 4.5);
  const towards = isDark ? WHITE : BLACK;
  return [
    `--da-color-accent: ${toHex(accent)};`,
    `--da-color-accent-hover: ${toHex(mix(accent, towards, 0.15))};`,
    `--da-color-accent-pressed: ${toHex(mix(accent, towards, 0.3))};`,
    `--da-color-accent-contrast: ${toHex(onAccent)};`,
    `--da-color-accent-subtle: ${toHex(subtle)};`,
    `--da-color-accent-text: ${toHex(text)};`,
    `--da-color-logo-start: ${toHex(brand)};`,
    `--da-color-logo-end: ${toHex(mix(brand, towards, 0.2))};`,
  ].join(' ');
}

/**
 * The accent tokens for a brand colour (`#rgb` or `#rrggbb`), in the given theme: the colour itself
 * where it has the contrast, else the nearest shade that has. Throws on anything else.
 * @example brandStyles('#0a7d55', 'auto')
 */
export function brandStyles(brandColor: string, theme: WidgetTheme): string {
  const brand = parseHexColor(brandColor);
  if (!brand) {
    throw new Error(
      `The brand colour "${brandColor}" is not a colour the widget can use: give it as #rgb or #rrggbb (e.g. #0a7d55).`,
    );
  }
  if (theme === 'light') return `:host { ${accentTokens(brand, false)} }`;
  if (theme === 'dark') return `:host { ${accentTokens(brand, true)} }`;
  return `:host { ${accentTokens(brand, false)} }\n${DARK_MEDIA} { :host { ${accentTokens(brand, true)} } }`;
}

/**
 * `css` for a shadow root in the given theme, with the brand colour's accent tokens after it; a
 * colour the widget cannot use is reported on the console and left out.
 * @example themedStyles(uiCss + widgetCss, 'auto', '#0a7d55')
 */
export function themedStyles(css: string, theme: WidgetTheme, brandColor?: string): string {
  let styles = shadowStyles(css, theme);
  if (brandColor) {
    try {
      styles += `\n${brandStyles(brandColor, theme)}`;
    } catch (error) {
      console.error(error instanceof Error ? error.message : error);
    }
  }
  return styles;
}
