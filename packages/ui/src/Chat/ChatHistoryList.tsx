import type { ChatHistoryEntry } from '@digital-assistant/react';
import { type KeyboardEvent, useId, useState } from 'react';
import { GridList, GridListItem } from 'react-aria-components';
import { Button, IconButton } from '../Button/Button';
import { ConfirmDialog } from '../ConfirmDialog/ConfirmDialog';
import { ChatIcon, PlusIcon, TrashIcon } from '../icons/icons';

/** A past conversation as the History lists it (what `useChatHistory().items` holds). */
export interface ChatHistoryListItem extends ChatHistoryEntry {
  /** The open conversation, while the chat is not in knowledge mode: highlighted. */
  isCurrent?: boolean;
}

/** Props of `ChatHistoryList`. */
export interface ChatHistoryListProps {
  /** Past conversations, newest first, the current one marked (`useChatHistory().items`). */
  items: readonly ChatHistoryListItem[];
  /** Called when a conversation is chosen. */
  onSelect: (conversationId: string) => void;
  /** Called once the deletion of a conversation has been confirmed. */
  onDelete: (conversationId: string) => void;
  /** When given, a 'New Topic' button above the list starts a new conversation. */
  onNewTopic?: () => void;
  /** @default 'History' */
  title?: string;
}

const labelOf = (item: ChatHistoryListItem) => item.chipSummary || 'Untitled conversation';

/**
 * The History section of the menu on chat routes: one entry per conversation with its summary
 * label, the current one highlighted (`aria-current`; the chat store marks none in knowledge mode),
 * and a delete button shown on hover or focus that asks 'Are you sure you want to delete this
 * chat?' first.
 *
 * The list is one Tab stop (a react-aria `GridList`): the arrow keys move between conversations,
 * Enter opens one, Arrow Right reaches its delete button and Delete (or Backspace) asks to delete
 * it. Once a conversation is deleted, the focus goes to the next one (or the previous, or New Topic:
 * the confirmation gives it to what took the deleted row's place).
 *
 * @example
 * const history = useChatHistory();
 * <ChatHistoryList items={history.items} onSelect={history.select} onDelete={history.remove} />
 */
export function ChatHistoryList({
  items,
  onSelect,
  onDelete,
  onNewTopic,
  title = 'History',
}: ChatHistoryListProps) {
  const headingId = useId();
  const [pendingDelete, setPendingDelete] = useState<string | null>(null);
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key !== 'Delete' && event.key !== 'Backspace') return;
    const row = (event.target as Element).closest<HTMLElement>('[data-conversation-id]');
    if (!row?.dataset.conversationId) return;
    event.preventDefault();
    setPendingDelete(row.dataset.conversationId);
  };

  return (
    <section className="da-menu-section da-chat-history" aria-labelledby={headingId} onKeyDown={onKeyDown}>
      <h2 id={headingId} className="da-menu-section-title">
        {title}
      </h2>
      {onNewTopic ? (
        <Button variant="ghost" size="sm" className="da-chat-history-new" onPress={onNewTopic}>
          <PlusIcon />
          New Topic
        </Button>
      ) : null}
      {items.length === 0 ? (
        <p className="da-chat-history-empty">No conversations yet</p>
      ) : (
        <GridList
          aria-labelledby={headingId}
          className="da-chat-history-items"
          items={items}
          onAction={(key) => onSelect(String(key))}
        >
          {(item) => {
            const label = labelOf(item);
            return (
              <GridListItem
                // The current conversation is marked for assistive technology too (react-aria passes no aria-current).
                ref={(row: HTMLDivElement | null) => {
                  if (item.isCurrent) row?.setAttribute('aria-current', 'true');
                  else row?.removeAttribute('aria-current');
                }}
                id={item.conversationId}
                textValue={label}
                className="da-chat-history-item"
                data-conversation-id={item.conversationId}
                data-current={item.isCurrent || undefined}
              >
                <span className="da-chat-history-open">
                  <ChatIcon />
                  <span className="da-chat-history-label" title={label}>
                    {label}
                  </span>
                </span>
                <IconButton
                  size="sm"
                  className="da-chat-history-delete"
                  aria-label={`Delete chat: ${label}`}
                  onPress={() => setPendingDelete(item.conversationId)}
                >
                  <TrashIcon />
                </IconButton>
              </GridListItem>
            );
          }}
        </GridList>
      )}
      <ConfirmDialog
        isOpen={pendingDelete !== null}
        onOpenChange={(open) => {
          if (!open) setPendingDelete(null);
        }}
        onConfirm={() => {
          if (pendingDelete !== null) onDelete(pendingDelete);
        }}
      />
    </section>
  );
}
