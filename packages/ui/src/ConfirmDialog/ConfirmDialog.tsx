import { useEffect, useRef } from 'react';
import { Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { Button } from '../Button/Button';

/**
 * The event react-aria's FocusScope dispatches (bubbling, cancelable) on the element it is about to
 * give focus back to when a dialog closes; cancelling it takes the restoration over.
 */
const FOCUS_RESTORE_EVENT = 'react-aria-focus-scope-restore';
/**
 * A pointer press this recent (ms), with no key pressed since, is what opened a dialog that opens
 * now; generous, as a busy machine can take seconds between the press and the dialog.
 */
const PRESS_OPENS_WITHIN_MS = 10_000;

const focusableSelector = 'button, a[href], input, select, textarea, [tabindex]';
/**
 * How long (ms) after focus came back the opener is watched: what was confirmed (a delete) often
 * takes the opener away only once the server has answered.
 */
const OPENER_WATCH_MS = 15_000;

/** The first control in `root` (or `root` itself) that can take the focus now. */
function firstFocusable(root: Element): HTMLElement | null {
  const candidates = [root, ...root.querySelectorAll(focusableSelector)];
  for (const candidate of candidates) {
    if (!(candidate instanceof HTMLElement) || !candidate.matches(focusableSelector)) continue;
    if (candidate.closest('[inert], [aria-hidden="true"]') || candidate.matches(':disabled')) continue;
    if (candidate.getAttribute('tabindex') === '-1' && candidate.getAttribute('role') !== 'row') continue;
    return candidate;
  }
  return null;
}

/** Whether the opener can hold the focus: on the page, not disabled, not inert. */
const canTakeFocus = (element: Element) =>
  element.isConnected && !element.matches(':disabled') && !element.closest('[inert]');

/**
 * Where the focus goes when the opener has gone with what it acted on (or was disabled by it): the row now in its place
 * (or the one before it) in the same list or table, else the first control of its nearest ancestor
 * still on the page, else the page's main area.
 */
function placeOf(opener: HTMLElement): () => HTMLElement | null {
  const row = opener.closest('[role="row"], li');
  const list = row?.parentElement ?? null;
  const index = row && list ? Array.prototype.indexOf.call(list.children, row) : -1;
  const ancestors: Element[] = [];
  for (let node = opener.parentElement; node; node = node.parentElement) ancestors.push(node);
  return () => {
    if (list?.isConnected && index >= 0) {
      const rows = list.children;
      const instead = rows[Math.min(index, rows.length - 1)];
      const found = instead ? firstFocusable(instead) : null;
      if (found) return found;
    }
    for (const ancestor of ancestors) {
      if (!ancestor.isConnected) continue;
      const found = firstFocusable(ancestor);
      if (found) return found;
    }
    return document.querySelector<HTMLElement>('main');
  };
}

/**
 * After focus came back to the opener: if the opener leaves the page (the row it deleted) or is
 * disabled (a re-ingest now in progress) while it holds the focus, the focus goes to what took its
 * place instead of falling to the page.
 */
function keepFocusWhenOpenerGoes(opener: HTMLElement): () => void {
  const place = placeOf(opener);
  const observer = new MutationObserver(() => {
    if (canTakeFocus(opener)) return;
    stop();
    const active = document.activeElement;
    // Focus someone (or react-aria) already placed elsewhere stays there.
    if (active && active !== document.body && active !== document.documentElement) return;
    place()?.focus();
  });
  const timer = setTimeout(() => stop(), OPENER_WATCH_MS);
  const stop = () => {
    observer.disconnect();
    clearTimeout(timer);
  };
  observer.observe(document.body, { childList: true, subtree: true });
  observer.observe(opener, { attributes: true, attributeFilter: ['disabled'] });
  return stop;
}

/**
 * Gives focus back to the control that opened the dialog. react-aria containers get in the way:
 * a table or list sends focus coming back from outside to the row or cell it last remembered
 * (often another row's), and a toolbar to its last focused button, even when another one was
 * clicked. So the opener is the control just pressed with a pointer (else the focused element),
 * and once the container has had its say, focus is put back on the opener. When the opener then
 * goes with what was confirmed (a deleted row, a revoked token's button), the focus goes to what
 * took its place rather than to the page.
 */
function useRestoreFocusToOpener(isOpen: boolean): void {
  const lastPress = useRef<{ target: Element; at: number } | null>(null);
  const opener = useRef<Element | null>(null);
  const openerPlace = useRef<(() => HTMLElement | null) | null>(null);
  const wasOpen = useRef(false);
  // Read during render: by the time effects run, the dialog has already moved focus inside itself.
  if (isOpen && !wasOpen.current && typeof document !== 'undefined') {
    const press = lastPress.current;
    const pressed =
      press && performance.now() - press.at < PRESS_OPENS_WITHIN_MS
        ? press.target.closest(focusableSelector)
        : null;
    opener.current = pressed?.isConnected ? pressed : document.activeElement;
    // Taken now, while the opener is on the page: it may be gone by the time the dialog closes.
    openerPlace.current = opener.current instanceof HTMLElement ? placeOf(opener.current) : null;
  }
  wasOpen.current = isOpen;
  useEffect(() => {
    // Counts the person's presses and keys: focus they move themselves is never taken back.
    let inputs = 0;
    let stopWatching = () => {};
    const rememberPress = (event: PointerEvent) => {
      inputs++;
      if (event.target instanceof Element)
        lastPress.current = { target: event.target, at: performance.now() };
    };
    // A key pressed since then opens from the focused element.
    const forgetPress = () => {
      inputs++;
      lastPress.current = null;
    };
    const restoreToOpener = (event: Event) => {
      const target = opener.current;
      if (!(target instanceof HTMLElement)) return;
      event.stopPropagation();
      event.preventDefault();
      stopWatching();
      if (!canTakeFocus(target)) {
        // Gone or disabled while the dialog was open or closing (the server was quick).
        openerPlace.current?.()?.focus();
        return;
      }
      target.focus();
      stopWatching = keepFocusWhenOpenerGoes(target);
      const inputsAtRestore = inputs;
      requestAnimationFrame(() => {
        if (inputs === inputsAtRestore && document.activeElement !== target && target.isConnected)
          target.focus();
      });
    };
    document.addEventListener('pointerdown', rememberPress, true);
    document.addEventListener('keydown', forgetPress, true);
    document.addEventListener(FOCUS_RESTORE_EVENT, restoreToOpener, true);
    return () => {
      stopWatching();
      document.removeEventListener('pointerdown', rememberPress, true);
      document.removeEventListener('keydown', forgetPress, true);
      document.removeEventListener(FOCUS_RESTORE_EVENT, restoreToOpener, true);
    };
  }, []);
  // An opener gone or disabled before the dialog finished closing gets no restore event: for a
  // moment after closing, focus fallen to the page goes to what took the opener's place.
  useEffect(() => {
    if (isOpen || !opener.current) return;
    let frames = 0;
    let handle = 0;
    const check = () => {
      const target = opener.current;
      const active = document.activeElement;
      if ((!active || active === document.body) && target && !canTakeFocus(target)) {
        openerPlace.current?.()?.focus();
        return;
      }
      if (++frames < 60) handle = requestAnimationFrame(check);
    };
    handle = requestAnimationFrame(check);
    return () => cancelAnimationFrame(handle);
  }, [isOpen]);
}

/** Props of `ConfirmDialog`. */
export interface ConfirmDialogProps {
  /** Whether the dialog is shown. */
  isOpen: boolean;
  /** Called with `false` when the dialog closes (Cancel, OK, Escape or a click outside). */
  onOpenChange: (isOpen: boolean) => void;
  /** Called when OK is pressed, before the dialog closes. */
  onConfirm: () => void;
  /** Called when the dialog is dismissed without confirming. */
  onCancel?: () => void;
  /** @default 'Delete' */
  title?: string;
  /** @default 'Are you sure you want to delete this chat?' */
  text?: string;
  /** @default 'OK' */
  confirmLabel?: string;
  /** @default 'Cancel' */
  cancelLabel?: string;
  /** Styles OK as destructive. @default true */
  isDestructive?: boolean;
}

/**
 * A modal confirmation (400px) answering yes or no. The defaults are the chat deletion texts;
 * pass `title` and `text` for other uses (deleting a user or a role group). It opens with focus on
 * Cancel, so Enter alone never confirms, and gives focus back to the control that opened it.
 */
export function ConfirmDialog({
  isOpen,
  onOpenChange,
  onConfirm,
  onCancel,
  title = 'Delete',
  text = 'Are you sure you want to delete this chat?',
  confirmLabel = 'OK',
  cancelLabel = 'Cancel',
  isDestructive = true,
}: ConfirmDialogProps) {
  useRestoreFocusToOpener(isOpen);
  return (
    <ModalOverlay
      className="da-modal-overlay"
      isOpen={isOpen}
      isDismissable
      onOpenChange={(open) => {
        if (!open) onCancel?.();
        onOpenChange(open);
      }}
    >
      <Modal className="da-modal da-confirm-dialog">
        <Dialog role="alertdialog" className="da-dialog">
          {({ close }) => (
            <>
              <Heading slot="title" className="da-dialog-title">
                {title}
              </Heading>
              <p className="da-dialog-text">{text}</p>
              <div className="da-dialog-actions">
                <Button onPress={close} autoFocus>
                  {cancelLabel}
                </Button>
                <Button
                  variant={isDestructive ? 'danger' : 'primary'}
                  onPress={() => {
                    onConfirm();
                    onOpenChange(false);
                  }}
                >
                  {confirmLabel}
                </Button>
              </div>
            </>
          )}
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
