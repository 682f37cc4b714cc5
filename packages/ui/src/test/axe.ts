import axe from 'axe-core';

/**
 * Runs axe-core on the document (portals included) and returns readable violations.
 * Colour contrast needs real layout, so it is checked by the Storybook tests in Chromium instead.
 */
export async function accessibilityViolations(root: Element = document.body): Promise<string[]> {
  const results = await axe.run(root, {
    rules: { 'color-contrast': { enabled: false } },
  });
  return results.violations.map(
    (violation) =>
      `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`,
  );
}
