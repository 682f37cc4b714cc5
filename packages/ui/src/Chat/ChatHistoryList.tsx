import type { ChatHistoryEntry, ChatHistoryMatch } from '@digital-assistant/react';
import { Fragment, type KeyboardEvent, type ReactNode, useId, useState } from 'react';
import {
  Collection,
  Dialog,
  GridList,
  GridListHeader,
  GridListItem,
  GridListSection,
  Heading,
  Modal,
  ModalOverlay,
  SearchField,
} from 'react-aria-components';
import { Button, IconButton } from '../Button/Button';
import { ConfirmDialog } from '../ConfirmDialog/ConfirmDialog';
import { TextInputField } from '../Field/Fields';
import { ChatIcon, EditIcon, PlusIcon, TrashIcon } from '../icons/icons';
import { SearchFieldInput } from '../SearchField/SearchFieldInput';

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
  /**
   * The items by date (`useChatHistory().groups`): each group with a heading (Today, Yesterday,
   * Previous 7 days, Older). Without it, or when no group has a heading, one list without headings.
   */
  groups?: ReadonlyArray<{ key: string; label: string | null; items: readonly ChatHistoryListItem[] }>;
  /** When given, each conversation can be renamed (a dialog asks for the new name). */
  onRename?: (conversationId: string, label: string) => void;
  /**
   * History search (`useChatHistorySearch()`): with `onSearch`, a search field over the list; while
   * it holds text, the list shows the matching conversations with the match marked.
   */
  search?: {
    query: string;
    status: 'idle' | 'loading' | 'loaded' | 'error' | 'unsupported';
    results: readonly ChatHistoryMatch[];
    isSupported: boolean;
  };
  /** Called as the search text changes (a blank text goes back to the whole list). */
  onSearch?: (query: string) => void;
}

/** The snippet with its marked parts in `<mark>`. */
function markedSnippet(match: ChatHistoryMatch): ReactNode {
  const parts: ReactNode[] = [];
  let at = 0;
  for (const { start, length } of [...match.highlights].sort((a, b) => a.start - b.start)) {
    if (start < at) continue;
    parts.push(match.snippet.slice(at, start));
    parts.push(<mark key={start}>{match.snippet.slice(start, start + length)}</mark>);
    at = start + length;
  }
  parts.push(match.snippet.slice(at));
  return parts;
}

/** Asks for a conversation's new name. */
function RenameDialog({
  label,
  onClose,
  onRename,
}: {
  label: string | null;
  onClose: () => void;
  onRename: (label: string) => void;
}) {
  const [value, setValue] = useState(label ?? '');
  const isBlank = value.trim() === '';
  return (
    <ModalOverlay
      className="da-modal-overlay"
      isOpen={label !== null}
      isDismissable
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      <Modal className="da-modal da-confirm-dialog">
        <Dialog className="da-dialog">
          <form
            onSubmit={(event) => {
              event.preventDefault();
              if (isBlank) return;
              onRename(value.trim());
              onClose();
            }}
          >
            <Heading slot="title" className="da-dialog-title">
              Rename chat
            </Heading>
            <TextInputField label="Name" value={value} onChange={setValue} autoFocus isRequired />
            <div className="da-dialog-actions">
              <Button onPress={onClose}>Cancel</Button>
              <Button variant="primary" type="submit" isDisabled={isBlank}>
                Rename
              </Button>
            </div>
          </form>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
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
  groups,
  onRename,
  search,
  onSearch,
}: ChatHistoryListProps) {
  const headingId = useId();
  const [pendingDelete, setPendingDelete] = useState<string | null>(null);
  const [renaming, setRenaming] = useState<{ id: string; label: string } | null>(null);
  const isSearching = Boolean(onSearch && search?.isSupported && search.query.trim() !== '');
  const headedGroups = groups?.some((group) => group.label !== null) ? groups : undefined;
  const renderItem = (item: ChatHistoryListItem) => {
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
        data-renamable={onRename ? true : undefined}
      >
        <span className="da-chat-history-open">
          <ChatIcon />
          <span className="da-chat-history-label" title={label}>
            {label}
          </span>
        </span>
        {onRename ? (
          <IconButton
            size="sm"
            className="da-chat-history-rename"
            aria-label={`Rename chat: ${label}`}
            onPress={() => setRenaming({ id: item.conversationId, label: item.chipSummary })}
          >
            <EditIcon />
          </IconButton>
        ) : null}
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
  };
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
      {onSearch && search?.isSupported ? (
        <SearchField
          aria-label="Search conversations"
          className="da-search-field da-chat-history-search"
          value={search.query}
          onChange={onSearch}
          onClear={() => onSearch('')}
        >
          <SearchFieldInput placeholder="Search conversations" />
        </SearchField>
      ) : null}
      {isSearching && search ? (
        search.status === 'loading' && search.results.length === 0 ? (
          <p className="da-chat-history-empty" role="status">
            Searching…
          </p>
        ) : search.status === 'error' ? (
          <p className="da-chat-history-empty" role="status">
            The search failed. Try again.
          </p>
        ) : search.results.length === 0 ? (
          <p className="da-chat-history-empty" role="status">
            No conversations match
          </p>
        ) : (
          <GridList
            aria-label="Search results"
            className="da-chat-history-items da-chat-history-results"
            items={search.results}
            onAction={(key) => onSelect(String(key))}
          >
            {(match) => (
              <GridListItem
                id={match.conversationId}
                textValue={labelOf(match)}
                className="da-chat-history-item da-chat-history-result"
              >
                <span className="da-chat-history-open">
                  <ChatIcon />
                  <span className="da-chat-history-match">
                    <span className="da-chat-history-label">
                      {match.field === 'title' ? markedSnippet(match) : labelOf(match)}
                    </span>
                    {match.field === 'message' ? (
                      <span className="da-chat-history-snippet">{markedSnippet(match)}</span>
                    ) : null}
                  </span>
                </span>
              </GridListItem>
            )}
          </GridList>
        )
      ) : items.length === 0 ? (
        <p className="da-chat-history-empty">No conversations yet</p>
      ) : headedGroups ? (
        <GridList
          aria-labelledby={headingId}
          className="da-chat-history-items"
          onAction={(key) => onSelect(String(key))}
        >
          {headedGroups.map((group) => (
            <Fragment key={group.key}>
              <GridListSection id={group.key} className="da-chat-history-group">
                <GridListHeader className="da-chat-history-group-title">{group.label ?? ''}</GridListHeader>
                <Collection items={group.items}>{renderItem}</Collection>
              </GridListSection>
            </Fragment>
          ))}
        </GridList>
      ) : (
        <GridList
          aria-labelledby={headingId}
          className="da-chat-history-items"
          items={items}
          onAction={(key) => onSelect(String(key))}
        >
          {renderItem}
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
      {onRename && renaming ? (
        <RenameDialog
          key={renaming.id}
          label={renaming.label}
          onClose={() => setRenaming(null)}
          onRename={(label) => onRename(renaming.id, label)}
        />
      ) : null}
    </section>
  );
}
