import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useMediaQuery } from '../AppShell/useMediaQuery';
import { Button } from '../Button/Button';
import { ChevronDownIcon } from '../icons/icons';
import { useChatScreen } from './ChatScreenContext';

/** Props of `ChatScreen.Footer`. */
export interface ChatScreenFooterProps {
  /** The ChatComposer. */
  children: ReactNode;
}

/** The bottom of a pane, holding its composer at the conversation's width. */
export function ChatScreenFooter({ children }: ChatScreenFooterProps) {
  useChatScreen('ChatScreen.Footer');
  return <div className="da-chat-footer">{children}</div>;
}

/** Props of `ChatScreen.Aside`. */
export interface ChatScreenAsideProps {
  /** E.g. the ChatSourcesPanel of the admin chat. */
  children: ReactNode;
  /**
   * In windows too narrow to show the aside beside the conversation (1100px and below), a button
   * under the composer with this name ('Sources') shows and hides it over the conversation, so it
   * is in view without scrolling past the composer. Without it, the aside goes below the
   * conversation there.
   */
  toggleLabel?: string;
  /** A number shown on the toggle, e.g. how many sources the latest answer has. */
  count?: number;
}

/** Where the aside no longer fits beside the conversation (the stylesheet's breakpoint). */
const NARROW = '(max-width: 1100px)';

/**
 * Content beside the conversation. In narrow windows: below it, or, with `toggleLabel`, behind a
 * button under the composer that shows it over the conversation (Escape or the button hides it).
 */
export function ChatScreenAside({ children, toggleLabel, count }: ChatScreenAsideProps) {
  useChatScreen('ChatScreen.Aside');
  const isNarrow = useMediaQuery(NARROW);
  const [isOpen, setOpen] = useState(false);
  const contentId = useId();
  const toggle = useRef<HTMLButtonElement>(null);
  const content = useRef<HTMLDivElement>(null);
  const isCollapsible = Boolean(toggleLabel) && isNarrow;
  // Shown, the aside's content takes the focus, so the keyboard reads it at once.
  useEffect(() => {
    if (isCollapsible && isOpen) content.current?.focus();
  }, [isCollapsible, isOpen]);
  if (!isCollapsible) return <div className="da-chat-aside">{children}</div>;
  const close = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    event.stopPropagation();
    setOpen(false);
    toggle.current?.focus();
  };
  return (
    <div className="da-chat-aside" data-collapsible="" data-open={isOpen || undefined}>
      <div className="da-chat-aside-bar">
        <Button
          ref={toggle}
          size="sm"
          className="da-chat-aside-toggle"
          aria-expanded={isOpen}
          aria-controls={contentId}
          onPress={() => setOpen((open) => !open)}
        >
          {toggleLabel}
          {count !== undefined ? (
            <>
              <span className="da-visually-hidden">, </span>
              <span className="da-badge da-chat-aside-count">{count}</span>
            </>
          ) : null}
          <span className="da-visually-hidden">{isOpen ? ' (shown)' : ''}</span>
          <ChevronDownIcon className="da-icon da-chat-aside-chevron" />
        </Button>
      </div>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: Escape from anywhere inside hides it */}
      <div
        ref={content}
        id={contentId}
        className="da-chat-aside-content"
        hidden={!isOpen}
        tabIndex={-1}
        onKeyDown={close}
      >
        {children}
      </div>
    </div>
  );
}
