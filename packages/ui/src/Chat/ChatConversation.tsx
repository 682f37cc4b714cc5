/**
 * The chat screen's parts connected to the chat store of `@digital-assistant/react`'s core
 * provider: one message bubble per message (re-rendered only when that message changes) and a
 * pane's conversation with its composer. The reference app and the embeddable widget both use them.
 */
import {
  CHAT_DEPARTMENTS,
  type ChatChannel,
  type ChatDepartmentName,
  type ChatMessage,
  chatMessages,
  useChat,
  useChatAttachments,
  useChatDraft,
  useChatMessage,
  useChatMessageActions,
  useChatMessageIds,
  useChatSelector,
  useChatStore,
} from '@digital-assistant/react';
import {
  type ComponentType,
  memo,
  type ReactNode,
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';
import { ChatAnswerSources } from './AnswerSources';
import { AnswerVote } from './AnswerVote';
import { ChatAttachmentsBar } from './ChatAttachmentsBar';
import { ChatComposer } from './ChatComposer';
import { ChatScreenFooter } from './ChatScreenFooter';
import { ChatScreenMessages } from './ChatScreenMessages';
import { ChatSuggestions } from './ChatSuggestions';
import { MessageActions, MessageEditForm } from './MessageActions';
import { MessageBubble } from './MessageBubble';

/** Props of `ChatMessageItem`. */
export interface ChatMessageItemProps {
  /** The message's id in the chat store. */
  id: string;
  /**
   * Drawn under the message's text, e.g. the ELK agent's metrics panel. A component (not a render
   * function) defined once, so that the bubbles keep re-rendering only when their message changes;
   * the chat's own parts do not import it, so hosts without it do not ship it.
   */
  extra?: ComponentType<{ message: ChatMessage }>;
  /**
   * The channel the message is on: its actions are shown (copy an answer, retry, regenerate, edit
   * the last question: see `useChatMessageActions`). Without it, none.
   */
  channel?: ChatChannel;
  /**
   * Called after retry, regenerate or an edit was sent (the message and its buttons are replaced),
   * e.g. to give the focus to the message box. Stable, so the bubbles keep their memo.
   */
  onResend?: () => void;
}

/**
 * One message of the chat store as a bubble (with its citation chips and error, and with a channel
 * its actions); it re-renders only when that message changes. Needs `DigitalAssistantCoreProvider`.
 */
export const ChatMessageItem = memo(function ChatMessageItem({
  id,
  extra: Extra,
  channel,
  onResend,
}: ChatMessageItemProps) {
  const message = useChatMessage(id);
  if (!message) return null;
  const bubble = (actions?: ReactNode) => (
    <MessageBubble
      sender={message.type === 1 ? 'user' : 'bot'}
      text={message.message}
      status={message.status}
      error={message.error}
      sources={message.sources}
    >
      {message.type === 0 && message.sources ? <ChatAnswerSources message={message} /> : null}
      {Extra ? <Extra message={message} /> : null}
      {actions}
    </MessageBubble>
  );
  if (!channel) return bubble();
  return <ChatMessageWithActions message={message} channel={channel} bubble={bubble} onResend={onResend} />;
});

function ChatMessageWithActions({
  message,
  channel,
  bubble,
  onResend,
}: {
  message: ChatMessage;
  channel: ChatChannel;
  bubble: (actions?: ReactNode) => ReactNode;
  onResend?: () => void;
}) {
  const actions = useChatMessageActions(message.id, { channel });
  const { voteOnAnswer } = useChatStore();
  const [isEditing, setEditing] = useState(false);
  const editButton = useRef<HTMLButtonElement>(null);
  // After Cancel or Escape the Edit button is back (a new one): it takes the focus again.
  const [isEditRefocused, setEditRefocused] = useState(false);
  useEffect(() => {
    if (!isEditRefocused || isEditing) return;
    editButton.current?.focus();
    setEditRefocused(false);
  }, [isEditRefocused, isEditing]);
  // The store says how it went (an error shows on the new answer); the focus moves on at once.
  const after = (sending: Promise<boolean>) => {
    void sending;
    onResend?.();
  };
  if (isEditing && actions.canEdit) {
    return (
      <article className="da-message" data-sender="user" data-state="editing" aria-label="You">
        <div className="da-message-bubble">
          <MessageEditForm
            defaultValue={message.message}
            onSubmit={(prompt) => {
              setEditing(false);
              after(actions.edit(prompt));
            }}
            onCancel={() => {
              setEditing(false);
              setEditRefocused(true);
            }}
          />
        </div>
      </article>
    );
  }
  // A finished answer the server kept (it has an id: the feedback extension) may be voted on.
  const canVote = message.type === 0 && !!message.answerId && message.status === 'done';
  return bubble(
    <>
      <MessageActions
        kind={message.type === 1 ? 'question' : 'answer'}
        {...(actions.canCopy ? { markdown: actions.markdown, plainText: actions.plainText } : {})}
        onRetry={actions.canRetry ? () => after(actions.retry()) : undefined}
        onRegenerate={actions.canRegenerate ? () => after(actions.regenerate()) : undefined}
        onEdit={actions.canEdit ? () => setEditing(true) : undefined}
        editButtonRef={editButton}
      />
      {canVote ? (
        <AnswerVote value={message.feedback} onChange={(value) => voteOnAnswer(channel, message.id, value)} />
      ) : null}
    </>,
  );
}

/** Props of `ChatConversation`. */
export interface ChatConversationProps {
  /** The chat store's channel this conversation shows and sends to. */
  channel: ChatChannel;
  /** Shown while the conversation is empty, e.g. {@link ChatIntro}. */
  intro: ReactNode;
  /** Accessible name of the message box, e.g. 'Message to IT'. */
  composerLabel: string;
  /**
   * Whether the composer offers New Topic.
   * @default true for the AI chat and the ELK agent, false for knowledge
   */
  hasNewTopic?: boolean;
  /** Focus the message box on mount. */
  autoFocus?: boolean;
  /** The message box's id, e.g. for a skip link to it. */
  composerId?: string;
  /** Drawn under each message's text (see {@link ChatMessageItemProps.extra}). */
  messageExtra?: ComponentType<{ message: ChatMessage }>;
  /** Example questions under the intro of an empty conversation: choosing one asks it. */
  suggestions?: readonly string[];
  /**
   * Why nothing can be asked in this conversation (e.g. the AI chat has no language model): the
   * composer is disabled and says so (ChatComposer's `disabledReason`).
   */
  disabledReason?: string;
  /**
   * Why questions here need attached files (e.g. the AI chat without a language model answers only
   * from the files, with their excerpts). On a server that takes attachments it replaces
   * `disabledReason`: the composer stays open with the attach button and says so, and Send waits for
   * a file (or a conversation that has files already). Elsewhere `disabledReason` applies.
   */
  needsAttachmentsReason?: string;
}

/** Whether the conversation already asked about files of one's own (its follow-ups read them too). */
const hasAttachedFiles = (messages: readonly ChatMessage[]) =>
  messages.some(
    (message) =>
      (message.attachments?.length ?? 0) > 0 ||
      Object.values(message.sources ?? {}).some((source) => source.attachment),
  );

/**
 * A pane's conversation and composer on one channel of the chat store: the messages (following
 * streamed text), Send, Stop (or Escape) while an answer arrives, and New Topic. The text being
 * written is the store's draft of the channel, so it outlives the composer (and, in the app, a
 * reload or a trip through sign-in). Must be inside `ChatScreen.Root` and
 * `DigitalAssistantCoreProvider`.
 * @example
 * <ChatScreen.Pane pane="openai" aria-label="AI chat">
 *   <ChatConversation channel="openai" intro={<ChatIntro selection="openai" />} composerLabel="Message to OpenAI GPT" />
 * </ChatScreen.Pane>
 */
export function ChatConversation({
  channel,
  intro,
  composerLabel,
  hasNewTopic = channel !== 'knowledge',
  autoFocus,
  composerId,
  messageExtra,
  suggestions,
  disabledReason: refusedReason,
  needsAttachmentsReason,
}: ChatConversationProps) {
  const chat = useChat({ channel });
  const ids = useChatMessageIds({ channel });
  const { draft, setDraft } = useChatDraft({ channel });
  // Files of one's own for the next question (AI and knowledge chats; hidden on a server without it).
  const attachments = useChatAttachments();
  const canTakeFiles = attachments.isSupported && channel !== 'elk';
  // Questions that need files: asked with files only, or refused outright where none can be attached.
  const isFilesOnly = Boolean(needsAttachmentsReason) && canTakeFiles;
  const disabledReason = isFilesOnly ? undefined : refusedReason;
  const canAttach = canTakeFiles && !disabledReason;
  const conversationHasFiles = useChatSelector(
    useCallback((state) => hasAttachedFiles(state.conversations[channel].messages), [channel]),
  );
  const hasFiles =
    conversationHasFiles || attachments.items.some((item) => item.status === 'ready' && item.id);
  const sendDisabledReason = isFilesOnly && !hasFiles ? needsAttachmentsReason : undefined;
  const send = (prompt: string) => {
    const ids = canAttach ? attachments.readyIds() : [];
    void chat.send(prompt, ids.length > 0 ? { attachments: ids } : undefined);
    if (ids.length > 0) attachments.clear();
  };
  const ownComposerId = useId();
  const boxId = composerId ?? ownComposerId;
  // The chosen suggestion's button goes with the empty state: the focus goes to the message box.
  const ask = (question: string) => {
    void chat.send(question);
    document.getElementById(boxId)?.focus();
  };
  // Retry, regenerate and an edit replace the message whose button was pressed: the focus goes to
  // the message box.
  const focusComposer = useCallback(() => document.getElementById(boxId)?.focus(), [boxId]);
  const emptyState =
    suggestions?.length && !disabledReason && !isFilesOnly ? (
      <>
        {intro}
        <ChatSuggestions suggestions={suggestions} onSelect={ask} isDisabled={chat.pendingResponse} />
      </>
    ) : (
      intro
    );
  return (
    <>
      <ChatScreenMessages isBusy={chat.isAnswering || chat.isLoadingConversation} emptyState={emptyState}>
        {ids.map((id) => (
          <ChatMessageItem key={id} id={id} extra={messageExtra} channel={channel} onResend={focusComposer} />
        ))}
      </ChatScreenMessages>
      <ChatScreenFooter>
        <ChatComposer
          id={boxId}
          aria-label={composerLabel}
          value={draft}
          onChange={setDraft}
          onSend={send}
          isPending={chat.pendingResponse || attachments.isUploading}
          isStreaming={chat.isAnswering}
          onStop={chat.stop}
          onNewTopic={hasNewTopic ? () => void chat.newTopic() : undefined}
          autoFocus={autoFocus}
          disabledReason={disabledReason}
          sendDisabledReason={sendDisabledReason}
          attachments={
            canAttach ? (
              <ChatAttachmentsBar
                items={attachments.items}
                accept={attachments.accept}
                error={attachments.error}
                onAdd={(files) => void attachments.add(files)}
                onRemove={attachments.remove}
                isDisabled={chat.pendingResponse}
              />
            ) : null
          }
        />
      </ChatScreenFooter>
    </>
  );
}

/** Props of `ChatIntro`. */
export type ChatIntroProps =
  | {
      /** The department knowledge chat: its name and description. */
      selection: 'knowledge';
      department: ChatDepartmentName;
    }
  | {
      /** The general AI chat. */
      selection: 'openai';
      department?: undefined;
      /**
       * False when the server has no language model: the intro says the AI chat cannot answer
       * instead of inviting questions. @default true
       */
      hasLanguageModel?: boolean;
      /** The reader administers the server: without a model they are also told which settings to set. */
      isAdmin?: boolean;
    };

/**
 * What an empty conversation says: the department and what it is for, or the AI chat (and, when the
 * server has no language model, that it cannot answer; administrators read which settings to set).
 */
export function ChatIntro(props: ChatIntroProps) {
  if (props.selection === 'openai') {
    if (props.hasLanguageModel === false) {
      return (
        <>
          <strong>OpenAI GPT</strong>
          <span>{chatMessages.modelMissing}</span>
          {props.isAdmin ? <span>{chatMessages.modelMissingForAdmins}</span> : null}
        </>
      );
    }
    return (
      <>
        <strong>OpenAI GPT</strong>
        <span>Ask anything; conversations are kept in History.</span>
      </>
    );
  }
  const { department } = props;
  const option = CHAT_DEPARTMENTS.find((candidate) => candidate.name === department);
  return (
    <>
      <strong>{department}</strong>
      <span>{option?.description}</span>
    </>
  );
}
