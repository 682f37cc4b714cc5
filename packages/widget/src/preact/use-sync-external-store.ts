/**
 * `use-sync-external-store/shim` (React Aria's collections use it for React 17) in widget.js:
 * Preact's compatibility layer has `useSyncExternalStore` itself.
 */
export { useSyncExternalStore } from 'preact/compat';
