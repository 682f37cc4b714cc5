// Size budgets of the script-tag build (build-size/), gzipped. widget.js is what every page that
// embeds the widget pays before anyone opens it: the launcher alone (the target, 15 kB);
// widget-panel.js is the rest (Preact's React compatibility layer, react-aria, the markdown renderer,
// the UI's chat parts and their stylesheet), loaded on first hover, focus or press: 142.5 kB (130 kB
// at the split; the chat's per-message actions, Jump to latest, example questions and the streaming
// markdown splitter then added 3.4 kB; thumbs up/down with a comment, the sources list under
// answers and attaching files to a question 7.1 kB more, 140.5 kB; the admin chat's answers and a
// reloaded conversation's sources 0.5 kB more; React Aria's modules no longer rewritten 1.05 kB
// more, 142.1 kB, past the 142 kB budget it had, which is raised by that much, not more). See the
// README's "Size" section for what weighs what.
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
    limit: '142.5 kB',
  },
];
