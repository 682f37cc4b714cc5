// jsdom has no CSS.escape, which Testing Library's queries rely on.
if (typeof window !== 'undefined') {
  if (!globalThis.CSS) globalThis.CSS = {} as typeof CSS;
  globalThis.CSS.escape ??= (value: string) =>
    value.replace(/[^a-zA-Z0-9_-]/g, (character) => `\\${character}`);
}
