// Stylesheets imported as text (`?raw`): Vite in tests, the tsup build's raw-text plugin.
declare module '*.css?raw' {
  const css: string;
  export default css;
}

// The design tokens of @digital-assistant/ui's stylesheet alone (`styles.css?tokens`): what the
// launcher needs before the rest loads (the build's raw-text plugin, a Vite plugin in tests).
declare module '*.css?tokens' {
  const css: string;
  export default css;
}
