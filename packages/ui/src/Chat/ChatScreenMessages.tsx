import { Children, type ReactNode, useEffect, useRef, useState } from 'react';
import { Button } from '../Button/Button';
import { ArrowDownIcon } from '../icons/icons';
import { useChatScreen } from './ChatScreenContext';

/** Within this distance (px) of the bottom, the conversation follows new text. */
const FOLLOW_THRESHOLD_PX = 48;

/** Props of `ChatScreen.Messages`. */
export interface ChatScreenMessagesProps {
  /** MessageBubble elements, oldest first; with none, `emptyState` is shown. */
  children?: ReactNode;
  /** Shown when there are no messages yet. */
  emptyState?: ReactNode;
  /** An answer is being awaited or streamed: assistive technology waits for it to settle. */
  isBusy?: boolean;
  /** @default 'Conversation' */
  'aria-label'?: string;
}

/**
 * The scrolling message list of a pane (a `log`). It keeps to the bottom as answers stream in,
 * unless the reader has scrolled up to read something earlier: then it stays where they are, and
 * a 'Jump to latest' button over its bottom brings them back to the end (and following again).
 *
 * Following costs one scroll per frame in which the text grew (a `ResizeObserver` on the content,
 * after layout), never a layout read per streamed word.
 */
export function ChatScreenMessages({
  children,
  emptyState,
  isBusy = false,
  'aria-label': ariaLabel = 'Conversation',
}: ChatScreenMessagesProps) {
  useChatScreen('ChatScreen.Messages');
  const scroller = useRef<HTMLDivElement>(null);
  const content = useRef<HTMLDivElement>(null);
  const isFollowing = useRef(true);
  const [isAwayFromEnd, setIsAwayFromEnd] = useState(false);

  useEffect(() => {
    const element = scroller.current;
    const inner = content.current;
    if (!element || !inner) return;
    const onScroll = () => {
      const isAtEnd = element.scrollHeight - element.scrollTop - element.clientHeight <= FOLLOW_THRESHOLD_PX;
      isFollowing.current = isAtEnd;
      setIsAwayFromEnd(!isAtEnd);
    };
    element.addEventListener('scroll', onScroll, { passive: true });
    const observer =
      typeof ResizeObserver === 'undefined'
        ? undefined
        : new ResizeObserver(() => {
            if (isFollowing.current) element.scrollTop = element.scrollHeight;
            else onScroll();
          });
    // The observer's first call (after the next layout) brings the list to its end; reading its
    // height here instead would lay the whole page out at once, inside the task that drew it.
    if (observer) observer.observe(inner);
    else element.scrollTop = element.scrollHeight;
    return () => {
      element.removeEventListener('scroll', onScroll);
      observer?.disconnect();
    };
  }, []);

  const jumpToLatest = () => {
    const element = scroller.current;
    if (!element) return;
    isFollowing.current = true;
    element.scrollTop = element.scrollHeight;
    setIsAwayFromEnd(false);
    // The button goes away: the reader goes on in the conversation, where the keyboard scrolls it.
    element.focus({ preventScroll: true });
  };

  const hasMessages = Children.toArray(children).length > 0;
  return (
    <div className="da-chat-messages-frame">
      <div
        ref={scroller}
        className="da-chat-messages"
        role="log"
        aria-label={ariaLabel}
        aria-busy={isBusy || undefined}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: keyboard users must be able to scroll the conversation
        tabIndex={0}
      >
        <div ref={content} className="da-chat-messages-content">
          {hasMessages ? children : <div className="da-chat-empty">{emptyState}</div>}
        </div>
      </div>
      {isAwayFromEnd && hasMessages ? (
        <Button className="da-chat-jump" variant="secondary" size="sm" onPress={jumpToLatest}>
          <ArrowDownIcon />
          Jump to latest
        </Button>
      ) : null}
    </div>
  );
}
