/**
 * The script-tag build's entry (`widget.js`): the launcher alone, a few kilobytes. It mounts the
 * widget described by its own `<script>` element's `data-*` attributes, and exposes
 * `window.DigitalAssistantWidget.mount(element, options)` for pages that mount it themselves. The
 * rest (`widget-panel.js`, beside it) is imported when the launcher is hovered, focused or pressed.
 */
import type { ChatWidgetProps } from './ChatWidget';
import { SIGNED_IN_MESSAGE_TYPE, SIGNED_IN_PATH } from './constants';
import { createHost } from './host';
import { mountLazily, type PanelModule } from './lazy-mount';
import type { MountedChatWidget } from './mount';
import { readScriptOptions } from './options';

declare const __WIDGET_VERSION__: string;

/** What the script puts on `window.DigitalAssistantWidget`. */
export interface DigitalAssistantWidgetGlobal {
  mount(element: Element, options: ChatWidgetProps): MountedChatWidget;
  version: string;
  SIGNED_IN_MESSAGE_TYPE: typeof SIGNED_IN_MESSAGE_TYPE;
  SIGNED_IN_PATH: typeof SIGNED_IN_PATH;
}

/** The panel's file, beside widget.js (so the same version folder on the server). */
export const PANEL_FILE = 'widget-panel.js';

const script = document.currentScript as HTMLScriptElement | null;
const panelUrl = new URL(PANEL_FILE, script?.src || document.baseURI).href;

let panel: Promise<PanelModule> | undefined;
/** The panel module, imported once (the browser's module map and HTTP cache keep it); tried again after a failure. */
function loadPanel(): Promise<PanelModule> {
  panel ??= (import(/* @vite-ignore */ panelUrl) as Promise<PanelModule>).catch((error: unknown) => {
    panel = undefined;
    throw error;
  });
  return panel;
}

/**
 * Mounts the widget in `element` (its host element is added at its end). For pages without React.
 * @example
 * const widget = DigitalAssistantWidget.mount(document.getElementById('help'), { baseUrl: 'https://assistant.example.com', mode: 'inline' });
 * widget.update({ theme: 'dark' });
 */
function mount(element: Element, options: ChatWidgetProps): MountedChatWidget {
  if (!(element instanceof Element)) {
    throw new TypeError('DigitalAssistantWidget.mount needs an element of the page to mount into.');
  }
  if (typeof options?.baseUrl !== 'string') {
    throw new TypeError(
      'DigitalAssistantWidget.mount needs options.baseUrl: the Digital Assistant server, e.g. "https://assistant.example.com".',
    );
  }
  const host = createHost();
  element.append(host);
  return mountLazily(host, options, loadPanel);
}

(window as unknown as { DigitalAssistantWidget: DigitalAssistantWidgetGlobal }).DigitalAssistantWidget = {
  mount,
  version: typeof __WIDGET_VERSION__ === 'string' ? __WIDGET_VERSION__ : '0.0.0',
  SIGNED_IN_MESSAGE_TYPE,
  SIGNED_IN_PATH,
};

/** With `data-manual`, the page mounts the widget itself; else it mounts where the script says. */
function autoMount(element: HTMLScriptElement) {
  if (element.dataset.manual !== undefined) return;
  const { options, problems } = readScriptOptions(element.dataset, element.src);
  for (const problem of problems) console.error(`Digital Assistant widget: ${problem}`);
  if (!options.baseUrl) {
    console.error('Digital Assistant widget: give data-base-url, the Digital Assistant server.');
    return;
  }
  const target = element.dataset.target;
  if (target) {
    const container = document.querySelector(target);
    if (!container) {
      console.error(`Digital Assistant widget: data-target="${target}" matches no element of the page.`);
      return;
    }
    mount(container, options);
    return;
  }
  // Inline: where the script tag is; a launcher: the end of the page (its host in the top layer).
  const host = createHost();
  if (options.mode === 'inline') element.after(host);
  else document.body.append(host);
  mountLazily(host, options, loadPanel);
}

if (script) {
  if (document.readyState === 'loading') {
    document.addEventListener('DOMContentLoaded', () => autoMount(script), { once: true });
  } else {
    autoMount(script);
  }
}
