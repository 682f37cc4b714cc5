import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { ChatWidget, type ChatWidgetProps } from './ChatWidget';

/** A widget mounted with {@link mount}. */
export interface MountedChatWidget {
  /** Renders the widget again with changed options (`baseUrl` and `fetch` stay as first given). */
  update(options: Partial<ChatWidgetProps>): void;
  /** Removes the widget from the page. */
  unmount(): void;
}

/**
 * Mounts the chat widget into `element` (its own React root; the widget renders in a shadow root
 * inside it). For pages without React, through the script-tag build's
 * `window.DigitalAssistantWidget.mount`.
 * @example
 * const widget = mount(document.getElementById('help')!, { baseUrl: 'https://assistant.example.com', mode: 'inline' });
 * widget.update({ theme: 'dark' });
 */
export function mount(element: Element, options: ChatWidgetProps): MountedChatWidget {
  if (!(element instanceof Element)) {
    throw new TypeError('DigitalAssistantWidget.mount needs an element of the page to mount into.');
  }
  if (typeof options?.baseUrl !== 'string') {
    throw new TypeError(
      'DigitalAssistantWidget.mount needs options.baseUrl: the Digital Assistant server, e.g. "https://assistant.example.com".',
    );
  }
  const root = createRoot(element);
  let current = options;
  const render = () =>
    root.render(
      <StrictMode>
        <ChatWidget {...current} />
      </StrictMode>,
    );
  render();
  return {
    update(changes) {
      current = { ...current, ...changes, baseUrl: current.baseUrl, fetch: current.fetch };
      render();
    },
    unmount: () => root.unmount(),
  };
}
