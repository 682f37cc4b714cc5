// Stylesheets imported as text (`?raw`): Vite in tests, the tsup build's raw-text plugin.
declare module '*.css?raw' {
  const css: string;
  export default css;
}
