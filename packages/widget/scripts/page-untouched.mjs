// What keeps widget-panel.js from changing anything of the host page outside its shadow root
// (tsup.config.ts uses it for the script-tag build; the e2e journey checks the page stays as served).
// Each patch checks that the code it replaces is still there, so a React Aria update that changes it
// fails the build instead of leaking again.

/** React Aria's modules that write to the document around the widget, and what they get instead. */
const PATCHES = [
  {
    // usePress adds <style id="react-aria-pressable-style"> (a touch-action rule for
    // [data-react-aria-pressable]) to the page's <head>: widget.css has that rule in the shadow root.
    module: /[\\/]react-aria[\\/]dist[\\/]private[\\/]interactions[\\/]usePress\.mjs$/,
    from: "if (!domRef || process.env.NODE_ENV === 'test') return;",
    to: 'return; // widget.js: the rule is in the shadow root (widget.css).',
  },
  {
    // A modal popover (a menu opened by keyboard) locks the page's scrolling by writing `overflow`
    // on its <html> (and leaves a style attribute behind). The widget's menus open in its fixed
    // panel, which the page's scrolling does not move: no lock (the module, its only export, goes).
    module: /[\\/]react-aria[\\/]dist[\\/]private[\\/]overlays[\\/]usePreventScroll\.mjs$/,
    from: /^export \{[\w$]+ as usePreventScroll\};$/m,
    moduleSource: 'export function usePreventScroll() {}\n',
  },
  {
    // A modal popover makes everything outside it inert, from document.body down: the host page's
    // elements too. In the widget it does so within its shadow root (its panel and launcher); the
    // popover holds the keyboard's focus itself (FocusScope).
    module: /[\\/]react-aria[\\/]dist[\\/]private[\\/]overlays[\\/]ariaHideOutside\.mjs$/,
    from: 'let root = opts?.root ?? document.body;',
    to: 'let root = opts?.root ?? (targets?.[0]?.getRootNode() instanceof ShadowRoot ? targets[0].getRootNode() : document.body);',
  },
];

/** Modules {@link patchPageUntouched} changes. */
export const PAGE_TOUCHING_MODULE = new RegExp(PATCHES.map((patch) => patch.module.source).join('|'));

/**
 * The module's source with its writes to the page replaced (see PATCHES).
 * @param {string} path the module's file
 * @param {string} code its source
 */
export function patchPageUntouched(path, code) {
  let patched = code;
  for (const patch of PATCHES) {
    if (!patch.module.test(path)) continue;
    const isThere = typeof patch.from === 'string' ? patched.includes(patch.from) : patch.from.test(patched);
    if (!isThere) {
      throw new Error(
        `${path} no longer has "${patch.from}": check widget.js's patch of it (scripts/page-untouched.mjs).`,
      );
    }
    patched = patch.moduleSource ?? patched.replace(patch.from, patch.to);
  }
  return patched;
}
