import { REVIEW_SCROLL_OFFSET_PX } from '@digital-assistant/react';

function scrollParent(element: HTMLElement): HTMLElement | null {
  for (let parent = element.parentElement; parent; parent = parent.parentElement) {
    const { overflowY } = getComputedStyle(parent);
    if ((overflowY === 'auto' || overflowY === 'scroll') && parent.scrollHeight > parent.clientHeight) {
      return parent;
    }
  }
  return null;
}

/**
 * Scrolls the element with `id` into view leaving `offset` pixels above it (65 by the spec, for the
 * header over the content), in whatever scrolls it, and moves focus to it for keyboard users.
 */
export function scrollToSection(id: string, offset = REVIEW_SCROLL_OFFSET_PX): void {
  const element = document.getElementById(id);
  if (!element) return;
  const container = scrollParent(element);
  const reducedMotion = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
  const behavior: ScrollBehavior = reducedMotion ? 'auto' : 'smooth';
  if (container) {
    const top =
      element.getBoundingClientRect().top -
      container.getBoundingClientRect().top +
      container.scrollTop -
      offset;
    container.scrollTo?.({ top, behavior });
  } else {
    window.scrollTo?.({ top: element.getBoundingClientRect().top + window.scrollY - offset, behavior });
  }
  element.focus({ preventScroll: true });
}
