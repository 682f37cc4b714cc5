/**
 * Timing of effects in widget.js, which runs on Preact's React compatibility layer. Preact runs
 * `useEffect` callbacks and clean-ups after the next paint; React runs them right after a keyboard
 * or pointer event's render. React Aria counts on React's order: closing a menu by keyboard, the
 * popover's clean-up makes the page outside it focusable again (`inert` off) before focus goes back
 * to the menu button in the next animation frame; after the paint, the button would still be inert
 * and focus would be lost. So here effects run as soon as a render is done, as React's do.
 * Called by the script-tag build's entry (and the tests' `preact` project) before anything renders.
 */
import { options } from 'preact';

export function runEffectsAsReactDoes(): void {
  options.requestAnimationFrame = (callback) => queueMicrotask(callback);
}
