// jsdom lacks CSS.escape, which react-aria's Modal uses.
if (!globalThis.CSS?.escape) {
  (globalThis as { CSS?: unknown }).CSS = {
    ...globalThis.CSS,
    escape: (value: string) => value.replace(/[^\w-]/g, '\\$&'),
  };
}
