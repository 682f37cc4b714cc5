/**
 * What widget.js's panel, which runs on Preact's React compatibility layer, sets in Preact's option
 * hooks (https://preactjs.com/guide/v10/options) so that React Aria behaves as on React. Called by
 * the script-tag build's entry (and the tests' `preact` project) before anything renders.
 */
import { options } from 'preact';

/**
 * Timing of effects. Preact runs `useEffect` callbacks and clean-ups after the next paint; React
 * runs them right after a keyboard or pointer event's render. React Aria counts on React's order:
 * closing a menu by keyboard, the popover's clean-up makes the page outside it focusable again
 * (`inert` off) before focus goes back to the menu button in the next animation frame; after the
 * paint, the button would still be inert and focus would be lost. So here effects run as soon as a
 * render is done, as React's do.
 */
export function runEffectsAsReactDoes(): void {
  options.requestAnimationFrame = (callback) => queueMicrotask(callback);
}

/** The names of an event's fields: its own and its prototypes' (`key`, `target`, `shiftKey`...). */
function fieldNames(event: Event): (string | symbol)[] {
  const names = new Set<string | symbol>(Reflect.ownKeys(event));
  for (
    let prototype = Object.getPrototypeOf(event) as object | null;
    prototype && prototype !== Object.prototype;
    prototype = Object.getPrototypeOf(prototype) as object | null
  ) {
    for (const name of Object.getOwnPropertyNames(prototype)) if (name !== 'constructor') names.add(name);
  }
  return [...names];
}

/**
 * A view of a DOM event in which every field is its own and enumerable, so that `{ ...view }` copies
 * them all, as it does a React event's. It reads the event itself (methods are called on it), is an
 * instance of the event's class, and keeps what is set on it (Preact's compatibility layer adds
 * `persist`, `nativeEvent`...).
 */
function spreadableView(event: Event): Event {
  const read = (added: Record<PropertyKey, unknown>, key: PropertyKey) => {
    if (Object.hasOwn(added, key)) return added[key];
    const value: unknown = Reflect.get(event, key, event);
    return typeof value === 'function' ? value.bind(event) : value;
  };
  return new Proxy({} as Record<PropertyKey, unknown>, {
    get: read,
    has: (added, key) => key in added || key in event,
    ownKeys: (added) => [...new Set([...Reflect.ownKeys(added), ...fieldNames(event)])],
    getOwnPropertyDescriptor: (added, key) =>
      Object.hasOwn(added, key)
        ? Reflect.getOwnPropertyDescriptor(added, key)
        : key in event
          ? { value: read(added, key), enumerable: true, configurable: true, writable: true }
          : undefined,
    getPrototypeOf: () => Object.getPrototypeOf(event) as object | null,
  }) as unknown as Event;
}

/**
 * Keyboard events as React Aria's keyboard handlers (`useKeyboard`, behind every button's and menu
 * item's `onKeyDown`/`onKeyUp`) read them. They copy the event with `{ ...event }`, which keeps a
 * React event's fields; a DOM event, which Preact hands handlers, has its `key`, `target` and
 * modifier keys on its prototype, which such a copy leaves behind. So Preact's handlers get a
 * keyboard event as a view whose fields are its own (the `event` option hook), as React's get a
 * synthetic event; every other event is handed on as it is.
 */
export function keepKeyboardEventFieldsInCopies(): void {
  const previous = options.event;
  options.event = (event: Event) => {
    const handled = (previous ? previous(event) : event) as Event;
    return handled.type.startsWith('key') ? spreadableView(handled) : handled;
  };
}
