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
 * header over the content), in whatever scrolls it, and moves focus to it for keyboard users
 * (`focus: false` leaves focus where it is; `onlyIfHidden` does nothing when its top is in view).
 */
export function scrollToSection(
  id: string,
  offset = REVIEW_SCROLL_OFFSET_PX,
  { focus = true, onlyIfHidden = false }: { focus?: boolean; onlyIfHidden?: boolean } = {},
): void {
  const element = document.getElementById(id);
  if (!element) return;
  const container = scrollParent(element);
  if (onlyIfHidden) {
    const top = element.getBoundingClientRect().top;
    const containerTop = container ? container.getBoundingClientRect().top : 0;
    if (top - containerTop >= offset && top < window.innerHeight) return;
  }
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
  if (focus) element.focus({ preventScroll: true });
}
