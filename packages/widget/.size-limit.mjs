// Size budgets of the script-tag build (build-size/), gzipped. widget.js is what every page that
// embeds the widget pays before anyone opens it: the launcher alone (the target, 15 kB);
// widget-panel.js is the rest (Preact's React compatibility layer, react-aria, the markdown renderer,
// the UI's chat parts and their stylesheet), loaded on first hover, focus or press: 122 kB (130 kB
// at the split; the chat's per-message actions, answer votes, sources and attaching files took it
// to 142.1 kB with 142.5 kB allowed; the SVG schema plugin removed, no file of another package
// stood in for, 145.1 kB; the department as a native select instead of React Aria's menu in a
// popover, 116.9 kB; the UI's markdown renderer behind a dynamic import, which esbuild keeps in
// this one file with a lazy initialiser around each module it reaches, 121.0 kB: the budget is
// that and 1 kB). See the README's "Size" section for what weighs what.
export default [
  {
    name: 'widget.js, the launcher (gzip)',
    path: 'build-size/widget.js',
    gzip: true,
    limit: '15 kB',
  },
  {
    name: 'widget-panel.js, the panel loaded on first use (gzip)',
    path: 'build-size/widget-panel.js',
    gzip: true,
    limit: '122 kB',
  },
];
