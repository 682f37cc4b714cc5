// Size budget of the script-tag build (build-size/widget.js: React, react-aria, the markdown
// renderer, the UI's chat parts and their stylesheet in one file), gzipped. The target is
// 130 kB; the build is not there yet (see the README's "Size" section for what weighs what), so the
// limit below is today's figure and keeps it from growing while it is brought down.
export default [
  {
    name: 'widget.js, the script-tag build (gzip)',
    path: 'build-size/widget.js',
    gzip: true,
    limit: '135 kB',
  },
];
