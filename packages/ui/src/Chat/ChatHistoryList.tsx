import type { ChatHistoryEntry } from '@digital-assistant/react';
import { useId, useState } from 'react';
import { Button as AriaButton } from 'react-aria-components';
import { Button, IconButton } from '../Button/Button';
import { ConfirmDialog } from '../ConfirmDialog/ConfirmDialog';
import { ChatIcon, PlusIcon, TrashIcon } from '../icons/icons';

/** A past conversation as the History lists it (what `useChatHistory().items` holds). */
export interface ChatHistoryListItem extends ChatHistoryEntry {
  /** The open conversation, while the chat is not in knowledge mode: highlighted. */
  isCurrent?: boolean;
}

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

/**
 * The History section of the menu on chat routes: one entry per conversation with its summary
 * label, the current one highlighted (the chat store marks none in knowledge mode), and a delete
 * button shown on hover or
 * focus that asks 'Are you sure you want to delete this chat?' first.
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
  return (
    <section className="da-menu-section da-chat-history" aria-labelledby={headingId}>
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
        <ul className="da-chat-history-items">
          {items.map((item) => {
            const isCurrent = item.isCurrent === true;
            const label = item.chipSummary || 'Untitled conversation';
            return (
              <li
                key={item.conversationId}
                className="da-chat-history-item"
                data-current={isCurrent || undefined}
              >
                <AriaButton
                  className="da-chat-history-open"
                  aria-current={isCurrent ? 'true' : undefined}
                  onPress={() => onSelect(item.conversationId)}
                >
                  <ChatIcon />
                  <span className="da-chat-history-label" title={label}>
                    {label}
                  </span>
                </AriaButton>
                <IconButton
                  size="sm"
                  className="da-chat-history-delete"
                  aria-label={`Delete chat: ${label}`}
                  onPress={() => setPendingDelete(item.conversationId)}
                >
                  <TrashIcon />
                </IconButton>
              </li>
            );
          })}
        </ul>
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
