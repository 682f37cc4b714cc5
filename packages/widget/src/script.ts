/**
 * The script-tag build (`widget.js`, one IIFE with React, markdown and the UI): it mounts the widget
 * described by its own `<script>` element's `data-*` attributes, and exposes
 * `window.DigitalAssistantWidget.mount(element, options)` for pages that mount it themselves.
 */
import { SIGNED_IN_MESSAGE_TYPE, SIGNED_IN_PATH } from './constants';
import { mount } from './mount';
import { readScriptOptions } from './options';
import { runEffectsAsReactDoes } from './preact/options';

declare const __WIDGET_VERSION__: string;

/** What the script puts on `window.DigitalAssistantWidget`. */
export interface DigitalAssistantWidgetGlobal {
  mount: typeof mount;
  version: string;
  SIGNED_IN_MESSAGE_TYPE: typeof SIGNED_IN_MESSAGE_TYPE;
  SIGNED_IN_PATH: typeof SIGNED_IN_PATH;
}

const script = document.currentScript as HTMLScriptElement | null;

// widget.js renders with Preact (see tsup.config.ts), whose effects must run when React's do.
runEffectsAsReactDoes();

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
  let container: Element | null;
  if (target) {
    container = document.querySelector(target);
    if (!container) {
      console.error(`Digital Assistant widget: data-target="${target}" matches no element of the page.`);
      return;
    }
  } else {
    container = document.createElement('div');
    // Inline: where the script tag is; launcher: the end of the page.
    if (options.mode === 'inline') element.after(container);
    else document.body.append(container);
  }
  mount(container, options);
}

if (script) {
  if (document.readyState === 'loading') {
    document.addEventListener('DOMContentLoaded', () => autoMount(script), { once: true });
  } else {
    autoMount(script);
  }
}
