// Size budget of the script-tag build (build-size/widget.js: Preact's React compatibility layer,
// react-aria, the markdown renderer, the UI's chat parts and their stylesheet in one file),
// gzipped: the target, 130 kB. See the README's "Size" section for what weighs what.
export default [
  {
    name: 'widget.js, the script-tag build (gzip)',
    path: 'build-size/widget.js',
    gzip: true,
    limit: '130 kB',
  },
];
