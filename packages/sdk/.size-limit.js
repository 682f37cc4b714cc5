// Size budget of the main entry, gzipped, including openapi-fetch (what an app actually ships).
export default [
  {
    name: '@digital-assistant/sdk (main entry, gzip)',
    path: 'dist/index.js',
    import: '*',
    gzip: true,
    // 5 kB before streamChat; eventsource-parser adds 1.5 kB, the extension helpers (listFeatures...)
    // 0.3 kB, all counted here (`import: '*'`); an app importing only some exports ships less. The
    // History search/rename and answer feedback helpers took it to 8.08 kB.
    limit: '8.5 kB',
    // With tsconfig auto-discovery on, Rolldown fails to resolve the bare `openapi-fetch` import in this
    // workspace ("Tsconfig not found"); the built JavaScript needs no tsconfig anyway.
    modifyRolldownConfig: (config) => ({ ...config, tsconfig: false }),
  },
  {
    name: '@digital-assistant/sdk/features (gzip)',
    path: 'dist/features.js',
    import: '*',
    gzip: true,
    limit: '500 B',
    modifyRolldownConfig: (config) => ({ ...config, tsconfig: false }),
  },
];
