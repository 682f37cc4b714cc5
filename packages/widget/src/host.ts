/**
 * The widget's one element in the host page: a `<div data-digital-assistant-widget>` whose open
 * shadow root holds everything else (styles, launcher, panel, popovers). A launcher's host goes in
 * the top layer, above any z-index the page uses.
 */

/** The attribute that marks the widget's host element. */
export const HOST_ATTRIBUTE = 'data-digital-assistant-widget';

/** A new host element with its shadow root (not yet in the page). */
export function createHost(): HTMLElement {
  const host = document.createElement('div');
  host.setAttribute(HOST_ATTRIBUTE, '');
  host.attachShadow({ mode: 'open' });
  return host;
}

/** Whether this browser has the Popover API (Chromium 114, Firefox 125, Safari 17). */
export const hasPopoverApi = () =>
  typeof HTMLElement !== 'undefined' && typeof HTMLElement.prototype.showPopover === 'function';

/**
 * Puts a connected launcher's host element in the top layer (`popover="manual"`, shown at once: no
 * light dismiss, no page bar's z-index above it). Without the Popover API, its stylesheet's rule for
 * `data-mode="launcher"` gives it the highest z-index instead. Returns whether it is in the top layer.
 */
export function raiseToTopLayer(host: HTMLElement): boolean {
  host.dataset.mode = 'launcher';
  if (!hasPopoverApi() || !host.isConnected) return false;
  if (!host.hasAttribute('popover')) host.setAttribute('popover', 'manual');
  try {
    if (!host.matches(':popover-open')) host.showPopover();
    return true;
  } catch {
    // A browser that knows the method but refuses (an element moved mid-call): the z-index stands.
    return false;
  }
}
