/**
 * How widget.js mounts the widget without loading it: a launcher is drawn at once (launcher.ts) and
 * the rest (`widget-panel.js`: the UI, the markdown renderer and the library that renders them) is
 * fetched when the launcher is hovered or focused, and then renders the whole widget in its place,
 * still closed (so the session is known before the press, and the panel opens at once); pressed
 * before that, it opens as soon as it has loaded. An inline widget, or a launcher open from the
 * start, loads the panel at once.
 */
import type { ChatWidgetProps } from './ChatWidget';
import { DEFAULT_TITLE } from './constants';
import { raiseToTopLayer } from './host';
import { drawLauncher, type Launcher } from './launcher';
import type { MountedChatWidget } from './mount';

/** The widget rendered by the panel module into a shadow root. */
export interface RenderedWidget {
  update(options: ChatWidgetProps): void;
  unmount(): void;
}

/** How the widget starts when the panel module renders it. */
export interface RenderState {
  /** The launcher was pressed: the panel opens and takes the focus. */
  isOpening: boolean;
  /** The launcher drawn before had the focus: the widget's own launcher takes it. */
  isLauncherFocused?: boolean;
}

/**
 * What `widget-panel.js` exports. widget.js of any version of a major version loads the panel of
 * the latest one beside it (`/widget/v0/`), so this stays the same within a major version.
 */
export interface PanelModule {
  /** Renders the whole widget into `shadowRoot`, in place of whatever is there. */
  renderWidget(shadowRoot: ShadowRoot, options: ChatWidgetProps, state: RenderState): RenderedWidget;
}

/**
 * Mounts the widget into `host` (connected, with an open shadow root), loading the panel with
 * `loadPanel` when it is needed. `loadPanel` may be called more than once (it caches, or fails).
 */
export function mountLazily(
  host: HTMLElement,
  options: ChatWidgetProps,
  loadPanel: () => Promise<PanelModule>,
): MountedChatWidget {
  const shadowRoot = host.shadowRoot;
  if (!shadowRoot) throw new Error('The widget’s host element has no shadow root.');
  const isLauncher = (options.mode ?? 'launcher') === 'launcher';
  if (isLauncher) raiseToTopLayer(host);
  else host.dataset.mode = 'inline';
  let current = options;
  let rendered: RenderedWidget | undefined;
  let isStarting = false;
  let isUnmounted = false;
  let launcher: Launcher | undefined;
  const lookOf = (props: ChatWidgetProps) => ({
    title: props.title ?? DEFAULT_TITLE,
    theme: props.theme ?? 'auto',
    brandColor: props.brandColor,
  });

  async function start(isOpening: boolean) {
    if (rendered || isStarting) return;
    isStarting = true;
    launcher?.setBusy(isOpening);
    let panel: PanelModule;
    try {
      panel = await loadPanel();
    } catch (error) {
      isStarting = false;
      console.error('Digital Assistant widget: the chat could not be loaded.', error);
      launcher?.setBusy(false);
      launcher?.showProblem(
        `The chat could not be loaded from ${new URL(current.baseUrl, location.href).origin}. Check your connection, then press the button again.`,
      );
      return;
    }
    isStarting = false;
    if (isUnmounted) return;
    const isLauncherFocused = !isOpening && (launcher?.hasFocus() ?? false);
    launcher = undefined;
    rendered = panel.renderWidget(shadowRoot as ShadowRoot, current, { isOpening, isLauncherFocused });
  }

  /** Hovered or focused: the panel is fetched while the pointer is on its way, and drawn closed. */
  function prepare() {
    loadPanel().then(
      () => {
        // Not in the middle of a press (the click would land on a button gone): that opens it.
        if (!rendered && !isStarting && !launcher?.isPressed()) void start(false);
      },
      () => {
        // Said when it is pressed (start tries again).
      },
    );
  }

  if (isLauncher && !current.defaultOpen) {
    launcher = drawLauncher(shadowRoot, {
      ...lookOf(current),
      onIntent: prepare,
      onOpen: () => void start(true),
    });
  } else {
    void start(false);
  }

  return {
    update(changes) {
      current = { ...current, ...changes, baseUrl: current.baseUrl, fetch: current.fetch };
      if (rendered) rendered.update(current);
      else launcher?.update(lookOf(current));
    },
    unmount() {
      isUnmounted = true;
      rendered?.unmount();
      host.remove();
    },
  };
}
