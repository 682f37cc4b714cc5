// The parts of @digital-assistant/ui's stylesheet the widget uses: its tokens (everything before
// the first section) and the sections named below, by their `/* ---------- Name ---------- */`
// headings. The script-tag build keeps only these; a section renamed in ui drops out of the widget,
// so a missing one fails the build instead of leaving the widget unstyled.
export const WIDGET_UI_SECTIONS = [
  'Base',
  'Button',
  'Logo & avatar',
  'Popover & profile popup',
  'Markdown (chat messages)',
  'Citations',
  'Message bubble',
  'Composer',
  'Header selector & chat-type dialog',
  'Sources panel (admin chat)',
  'Chat screen',
];

const HEADING = /^\/\* -{10} (.+?) -{10} \*\/$/gm;

/** `css` with only its prelude and the named sections. */
export function pickSections(css, names = WIDGET_UI_SECTIONS) {
  const headings = [...css.matchAll(HEADING)];
  if (headings.length === 0) return css;
  const missing = names.filter((name) => !headings.some((heading) => heading[1] === name));
  if (missing.length > 0) {
    throw new Error(
      `The ui stylesheet has no section named ${missing.map((name) => `"${name}"`).join(', ')}`,
    );
  }
  let result = css.slice(0, headings[0].index);
  headings.forEach((heading, index) => {
    if (!names.includes(heading[1])) return;
    result += css.slice(heading.index, headings[index + 1]?.index ?? css.length);
  });
  return result;
}
