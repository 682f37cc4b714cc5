/**
 * `widget-panel.js`, the rest of the script-tag build: the whole widget (the UI's chat parts, the
 * markdown renderer, Preact's React compatibility layer that renders them), an ES module that
 * widget.js imports when the launcher is hovered, focused or pressed (or at once, inline). It
 * renders into the shadow root widget.js made, in place of the launcher it drew.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { ChatWidgetContent } from './ChatWidget';
import type { PanelModule } from './lazy-mount';
import { keepKeyboardEventFieldsInCopies, runEffectsAsReactDoes } from './preact/options';

// widget.js renders with Preact (see tsup.config.ts): its effects run when React's do, and React
// Aria's keyboard handlers read its events as they read React's (src/preact/options.ts).
runEffectsAsReactDoes();
keepKeyboardEventFieldsInCopies();

export const renderWidget: PanelModule['renderWidget'] = (shadowRoot, options, state) => {
  shadowRoot.replaceChildren();
  const root = createRoot(shadowRoot as unknown as Element);
  const render = (props: typeof options) =>
    root.render(
      <StrictMode>
        <ChatWidgetContent
          {...props}
          isOpening={state.isOpening}
          isLauncherFocused={state.isLauncherFocused ?? false}
        />
      </StrictMode>,
    );
  render(options);
  return { update: render, unmount: () => root.unmount() };
};
