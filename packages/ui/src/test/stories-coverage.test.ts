// Every component the package exports gets a docs page in Storybook: the page comes from a stories
// file whose meta names the component (`component:` drives the props table and controls), so a new
// export without one fails here instead of going undocumented.
import type { Meta } from '@storybook/react-vite';
import { describe, expect, it } from 'vitest';
import * as ui from '../index';

interface StoriesModule {
  default: Meta;
}

const storiesFiles = import.meta.glob<StoriesModule>('../**/*.stories.tsx', { eager: true });

/** A value React can render as an element type: a function component, a class component, memo/forwardRef. */
function isComponent(value: unknown): boolean {
  if (typeof value === 'function') {
    const isClass = /^class[\s{]/.test(Function.prototype.toString.call(value));
    // A class that is not a React component (MarkdownBlockSplitter) is a utility, not a component.
    return (
      !isClass ||
      Boolean((value as { prototype?: { isReactComponent?: unknown } }).prototype?.isReactComponent)
    );
  }
  return typeof value === 'object' && value !== null && '$$typeof' in value;
}

/**
 * Compound namespaces (`AppShell`, `ChatScreen`) are plain objects of parts, exported as the namespace
 * alone (`AppShell.Root`, `ChatScreen.Pane`...); every part needs its own stories file.
 */
function isCompoundNamespace(value: unknown): boolean {
  return (
    typeof value === 'object' &&
    value !== null &&
    !('$$typeof' in value) &&
    Object.values(value).length > 0 &&
    Object.values(value).every(isComponent)
  );
}

/**
 * Exports that look like components but render nothing of their own, so a docs page would show
 * nothing. Empty today: add a name here only with a comment saying why it has no visual.
 */
const withoutDocsPage = new Set<string>([]);

const exportedComponents = Object.entries(ui)
  .flatMap(([name, value]): [string, unknown][] =>
    isCompoundNamespace(value)
      ? Object.entries(value as Record<string, unknown>).map(([part, partValue]) => [
          `${name}.${part}`,
          partValue,
        ])
      : [[name, value]],
  )
  .filter(([name, value]) => /^[A-Z]/.test(name) && isComponent(value) && !withoutDocsPage.has(name))
  .map(([name, value]) => ({ name, value }));

describe('Storybook docs pages', () => {
  it('finds the stories files and the exported components', () => {
    expect(Object.keys(storiesFiles).length).toBeGreaterThan(30);
    expect(exportedComponents.map(({ name }) => name)).toContain('ChatComposer');
    expect(exportedComponents.map(({ name }) => name)).toContain('AppShell.Header');
    expect(isCompoundNamespace(ui.AppShell)).toBe(true);
    expect(isCompoundNamespace(ui.ChatScreen)).toBe(true);
  });

  it('gives every exported component a stories file whose meta.component is that component', () => {
    // A stories file documents its `component` and its `subcomponents` (a family such as the icons).
    const documented = new Set(
      Object.values(storiesFiles).flatMap((module) => [
        module.default.component,
        ...Object.values(module.default.subcomponents ?? {}),
      ]),
    );
    const missing = exportedComponents
      .filter(({ value }) => !documented.has(value as never))
      .map(({ name }) => name);
    expect(missing, `exported components without a stories file of their own: ${missing.join(', ')}`).toEqual(
      [],
    );
  });

  it('leaves no PascalCase export unclassified', () => {
    const unclassified = Object.entries(ui)
      .filter(([name, value]) => /^[A-Z]/.test(name) && !isComponent(value) && !isCompoundNamespace(value))
      .map(([name]) => name);
    // MarkdownBlockSplitter is a plain class (incremental markdown splitting), not a component.
    expect(unclassified).toEqual(['MarkdownBlockSplitter']);
  });
});
