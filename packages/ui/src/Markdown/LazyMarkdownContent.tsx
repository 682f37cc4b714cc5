/*
 * The markdown renderer (react-markdown, micromark, GFM: about 150 kB minified) is a module of its
 * own, fetched the first time a screen has markdown to draw, not with the screens that might: the
 * chat and code review screens start without it. Until it arrives the text is shown as written.
 */
import { type ComponentType, useEffect, useState } from 'react';
import type { MarkdownContentProps } from './MarkdownContent';

type Renderer = ComponentType<MarkdownContentProps>;

let renderer: Renderer | undefined;
let loading: Promise<Renderer> | undefined;

function loadRenderer(): Promise<Renderer> {
  loading ??= import('./MarkdownContent').then(
    (module) => {
      renderer = module.MarkdownContent;
      return renderer;
    },
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/**
 * Fetches the markdown renderer ahead of its first use (once: later calls wait for the same fetch; a
 * failed one is tried again by the next call), e.g. for stories and tests that show messages as drawn.
 */
export function preloadMarkdown(): Promise<void> {
  return loadRenderer().then(() => undefined);
}

/**
 * `MarkdownContent`, with the renderer fetched on first use. Until it has arrived (or if it cannot be
 * fetched) the text is shown as written, wrapped, in the same place: nothing is hidden and nothing
 * moves but the formatting. Once it has arrived, later ones draw with it from their first render.
 */
export function LazyMarkdownContent(props: MarkdownContentProps) {
  const [Loaded, setLoaded] = useState<Renderer | undefined>(() => renderer);
  useEffect(() => {
    if (Loaded) return;
    let isMounted = true;
    loadRenderer().then(
      (loaded) => {
        if (isMounted) setLoaded(() => loaded);
      },
      (error: unknown) =>
        console.error('The markdown renderer could not be loaded; showing the text as written.', error),
    );
    return () => {
      isMounted = false;
    };
  }, [Loaded]);
  if (Loaded) return <Loaded {...props} />;
  return (
    <div className="da-markdown" data-state="loading">
      <p className="da-markdown-plain">{props.children}</p>
    </div>
  );
}
