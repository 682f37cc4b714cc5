import { composeRenderProps } from 'react-aria-components';

/** Joins class names, skipping empty ones. */
export function cx(...names: Array<string | false | null | undefined>): string {
  return names.filter(Boolean).join(' ');
}

/**
 * Prefixes our own class to a react-aria `className`, which may be a string or a function of
 * the component's render state.
 */
export function withClassName<T>(
  base: string,
  className: string | ((values: T & { defaultClassName: string | undefined }) => string) | undefined,
): string | ((values: T & { defaultClassName: string | undefined }) => string) {
  return composeRenderProps(className, (resolved) => cx(base, resolved));
}
