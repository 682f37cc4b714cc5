/**
 * React Aria's `createEventHandler` (behind `useKeyboard`, so every button's and menu item's
 * `onKeyDown`/`onKeyUp`) for widget.js, which runs on Preact's React compatibility layer: React
 * Aria copies the event with `{ ...event }`, which keeps a React synthetic event's fields, but a
 * DOM event (what Preact hands handlers) keeps its `key`, `target` and modifier keys on its
 * prototype, so the copy would lose them. Here the handler gets a view of the event itself with the
 * same extra methods, so it reads every field. Used only by the script-tag build (and the tests'
 * `preact` project); the React build keeps React Aria's own.
 */
type Handler<E> = (event: E) => void;

interface PropagationEvent {
  preventDefault(): void;
  stopPropagation(): void;
  defaultPrevented?: boolean;
  isDefaultPrevented?: () => boolean;
  isPropagationStopped?: () => boolean;
  continuePropagation?: () => void;
}

export function createEventHandler<E extends PropagationEvent>(
  handler: Handler<E> | undefined,
): Handler<E> | undefined {
  if (!handler) return undefined;
  return (event) => {
    // As React Aria's: propagation stops after the handler unless it calls continuePropagation().
    let shouldStopPropagation = true;
    const extra: Record<PropertyKey, unknown> = {
      preventDefault: () => event.preventDefault(),
      isDefaultPrevented: () => event.isDefaultPrevented?.() ?? Boolean(event.defaultPrevented),
      stopPropagation: () => {
        shouldStopPropagation = true;
      },
      continuePropagation: () => {
        shouldStopPropagation = false;
        // A nested handler may have been told to continue: so are the ones around it.
        event.continuePropagation?.();
      },
      isPropagationStopped: () => shouldStopPropagation,
    };
    const view = new Proxy(event, {
      get(target, key) {
        if (Object.hasOwn(extra, key)) return extra[key];
        const value = Reflect.get(target, key, target);
        // A DOM event's methods (getModifierState...) must be called on the event itself.
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    handler(view);
    if (shouldStopPropagation && !event.isPropagationStopped?.()) event.stopPropagation();
  };
}
