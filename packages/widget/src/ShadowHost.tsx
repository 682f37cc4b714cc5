import { type ReactNode, useCallback, useState } from 'react';
import { UNSAFE_PortalProvider } from 'react-aria/PortalProvider';
import { createPortal } from 'react-dom';
import { enableShadowDOM } from 'react-stately/private/flags/flags';

export interface ShadowHostProps {
  /** The whole stylesheet of what is inside. */
  styles: string;
  children: ReactNode;
}

/**
 * Renders its children in an open shadow root of a `<div>` it renders, with the stylesheet inside:
 * the host page's CSS cannot reach in, and none of ours leaks out. Popovers and tooltips
 * (react-aria portals) open in a container inside the same shadow root, so they are styled too.
 */
export function ShadowHost({ styles, children }: ShadowHostProps) {
  const [shadowRoot, setShadowRoot] = useState<ShadowRoot | null>(null);
  const [portal, setPortal] = useState<HTMLElement | null>(null);
  const hostRef = useCallback((host: HTMLDivElement | null) => {
    if (!host) return;
    // React Aria's focus and outside-press handling must look through shadow roots.
    enableShadowDOM();
    setShadowRoot(host.shadowRoot ?? host.attachShadow({ mode: 'open' }));
  }, []);
  const getContainer = useCallback(() => portal, [portal]);
  return (
    <div ref={hostRef} data-digital-assistant-widget="">
      {shadowRoot
        ? createPortal(
            <>
              <style>{styles}</style>
              {portal ? (
                <UNSAFE_PortalProvider getContainer={getContainer}>{children}</UNSAFE_PortalProvider>
              ) : null}
              <div ref={setPortal} className="da-widget-portal" />
            </>,
            shadowRoot,
          )
        : null}
    </div>
  );
}
