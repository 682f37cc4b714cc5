import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BootScreen } from './BootScreen';

const normalise = (html: string) =>
  html
    .replace(/\s+/g, ' ')
    .replace(/> | </g, (gap) => gap.trim())
    .trim();

describe('BootScreen', () => {
  it("is index.html's first screen, element for element, so the page never flashes between the two", () => {
    const page = readFileSync(join(import.meta.dirname, '..', 'index.html'), 'utf8');
    const firstScreen = /<div id="root">([\s\S]*?)<\/div>\s*<script/.exec(page)?.[1] ?? '';
    const { container } = render(<BootScreen />);
    expect(normalise(container.innerHTML)).toBe(normalise(firstScreen));
  });

  it('has enough text for Chromium to paint it at once (it holds back a page with fewer than 200 characters)', () => {
    const { container } = render(<BootScreen />);
    expect(container.textContent?.length).toBeGreaterThanOrEqual(200);
  });
});
