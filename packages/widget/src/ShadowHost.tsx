import { enableShadowDOM } from '@react-stately/flags';
import { type ReactNode, useCallback, useEffect, useState } from 'react';
import { UNSAFE_PortalProvider } from 'react-aria/PortalProvider';
import { createPortal } from 'react-dom';
import { HOST_ATTRIBUTE, hasPopoverApi, raiseToTopLayer } from './host';

export interface ShadowHostProps {
  /** A launcher's host goes in the top layer, above the page's own fixed bars. */
  isTopLayer: boolean;
  children: ReactNode;
}

/**
 * Renders its children in an open shadow root of a `<div>` it renders: the host page's CSS cannot
 * reach in, and none of ours leaks out.
 */
export function ShadowHost({ isTopLayer, children }: ShadowHostProps) {
  const [host, setHost] = useState<HTMLDivElement | null>(null);
  const [shadowRoot, setShadowRoot] = useState<ShadowRoot | null>(null);
  const hostRef = useCallback((element: HTMLDivElement | null) => {
    if (!element) return;
    setHost(element);
    setShadowRoot(element.shadowRoot ?? element.attachShadow({ mode: 'open' }));
  }, []);
  useEffect(() => {
    if (host && isTopLayer) raiseToTopLayer(host);
  }, [host, isTopLayer]);
  return (
    <div
      ref={hostRef}
      {...{ [HOST_ATTRIBUTE]: '' }}
      data-mode={isTopLayer ? 'launcher' : 'inline'}
      popover={isTopLayer && hasPopoverApi() ? 'manual' : undefined}
    >
      {shadowRoot ? createPortal(children, shadowRoot) : null}
    </div>
  );
}

export interface ShadowContentProps {
  /** The whole stylesheet of what is inside. */
  styles: string;
  children: ReactNode;
}

/**
 * What goes in the widget's shadow root: the stylesheet, the children, and the container that
 * popovers and tooltips (react-aria portals) open in, inside the same shadow root so they are
 * styled too.
 */
export function ShadowContent({ styles, children }: ShadowContentProps) {
  // React Aria's focus and outside-press handling must look through shadow roots.
  enableShadowDOM();
  const [portal, setPortal] = useState<HTMLElement | null>(null);
  const getContainer = useCallback(() => portal, [portal]);
  return (
    <>
      <style>{styles}</style>
      {portal ? <UNSAFE_PortalProvider getContainer={getContainer}>{children}</UNSAFE_PortalProvider> : null}
      <div ref={setPortal} className="da-widget-portal" />
    </>
  );
}
