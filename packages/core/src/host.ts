/** What a host gives the stores instead of globals: where failures are logged and the clipboard. */

/** Where errors that are only logged go. */
export interface Logger {
  error(message: string, ...details: unknown[]): void;
}

/** Writes text to the clipboard; injected so this package never touches the DOM itself. */
export interface ClipboardWriter {
  writeText(text: string): Promise<void>;
}
