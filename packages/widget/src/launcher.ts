/**
 * The launcher widget.js draws before anything else has loaded: the same button as the panel's own
 * (launcher.css, the UI's tokens, the brand colour), in plain DOM, without the UI or the library
 * that renders it. Hovering or focusing it is the sign to fetch the rest; pressing it opens it.
 */
import tokens from '@digital-assistant/ui/tokens.css?raw';
import launcherCss from './launcher.css?raw';
import launcherLoadingCss from './launcher-loading.css?raw';
import { themedStyles, type WidgetTheme } from './theme';

/** `@digital-assistant/ui`'s ChatIcon, as its `Icon` draws it. */
const CHAT_ICON =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" width="1em" height="1em" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true" focusable="false" class="da-icon"><path d="M21 15a2 2 0 0 1-2 2H7l-4 4V5a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2z"></path></svg>';

/** What the launcher shows. */
export interface LauncherLook {
  title: string;
  theme: WidgetTheme;
  brandColor?: string;
}

export interface LauncherOptions extends LauncherLook {
  /** The pointer is over it or it has the focus: the panel may be wanted soon. */
  onIntent(): void;
  /** It was pressed (click, Enter or Space). */
  onOpen(): void;
}

/** The drawn launcher. */
export interface Launcher {
  update(look: LauncherLook): void;
  /** Pressed and waiting for the panel: a ring turns around it (`aria-busy`). */
  setBusy(isBusy: boolean): void;
  /** A sentence above the launcher (`role="alert"`), or none. */
  showProblem(message: string | null): void;
  /** Whether it has the keyboard's focus. */
  hasFocus(): boolean;
  /** Whether a pointer or key is pressing it right now (its click is still to come). */
  isPressed(): boolean;
}

/** Draws the launcher into the (empty) shadow root. */
export function drawLauncher(shadowRoot: ShadowRoot, options: LauncherOptions): Launcher {
  const document = shadowRoot.ownerDocument;
  const style = document.createElement('style');
  const frame = document.createElement('div');
  frame.className = 'da-widget';
  frame.dataset.mode = 'launcher';
  frame.dataset.state = 'closed';
  const problem = document.createElement('p');
  problem.className = 'da-widget-launcher-problem';
  problem.setAttribute('role', 'alert');
  problem.hidden = true;
  const button = document.createElement('button');
  button.type = 'button';
  button.className = 'da-widget-launcher';
  button.setAttribute('aria-expanded', 'false');
  button.innerHTML = CHAT_ICON;
  frame.append(problem, button);
  shadowRoot.append(style, frame);

  let look: LauncherLook = options;
  const draw = () => {
    style.textContent = themedStyles(
      `${tokens}\n${launcherCss}\n${launcherLoadingCss}`,
      look.theme,
      look.brandColor,
    );
    frame.dataset.theme = look.theme;
    button.setAttribute('aria-label', `Chat with ${look.title}`);
  };
  draw();
  button.addEventListener('pointerenter', () => options.onIntent());
  button.addEventListener('focus', () => options.onIntent());
  button.addEventListener('click', () => options.onOpen());

  return {
    update(next) {
      look = next;
      draw();
    },
    setBusy(isBusy) {
      if (isBusy) button.setAttribute('aria-busy', 'true');
      else button.removeAttribute('aria-busy');
    },
    showProblem(message) {
      problem.hidden = message === null;
      problem.textContent = message ?? '';
    },
    hasFocus: () => shadowRoot.activeElement === button,
    isPressed: () => button.matches(':active'),
  };
}
