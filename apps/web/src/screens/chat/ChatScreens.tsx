/**
 * The chat screens (loaded on demand): /chat and /chat/{department} with the knowledge and AI panes,
 * and /menu/chat, the admin chat with its Sources panel. Everything they do is the chat store's
 * (`@digital-assistant/react`); the parts are `@digital-assistant/ui`'s.
 */
import {
  CHAT_DEPARTMENTS,
  type ChatChannel,
  type ChatDepartmentName,
  type ChatSelection,
  hasPgaAccess,
  useChat,
  useChatMessage,
  useChatMessageIds,
  useChatMessages,
  useChatStore,
  useSession,
} from '@digital-assistant/react';
import {
  ChatComposer,
  ChatScreen,
  ChatSourcesPanel,
  ElkMetricsPanel,
  MessageBubble,
} from '@digital-assistant/ui';
import { memo, type ReactNode, useEffect } from 'react';

/** One message, re-rendered only when it changes. */
const ChatBubble = memo(function ChatBubble({ id }: { id: string }) {
  const message = useChatMessage(id);
  const { toggleMetrics } = useChatStore();
  if (!message) return null;
  return (
    <MessageBubble
      sender={message.type === 1 ? 'user' : 'bot'}
      text={message.message}
      status={message.status}
      error={message.error}
      sources={message.sources}
    >
      {message.elk?.hasElk ? (
        <ElkMetricsPanel elk={message.elk} onToggle={() => toggleMetrics(message.id)} />
      ) : null}
    </MessageBubble>
  );
});

function DepartmentIntro({ department }: { department: ChatDepartmentName }) {
  const option = CHAT_DEPARTMENTS.find((candidate) => candidate.name === department);
  return (
    <>
      <strong>{department}</strong>
      <span>{option?.description}</span>
    </>
  );
}

function AiIntro() {
  return (
    <>
      <strong>OpenAI GPT</strong>
      <span>Ask anything; conversations are kept in History.</span>
    </>
  );
}

/** A pane's conversation and composer, on one channel of the chat store. */
function ChatPaneBody({
  channel,
  intro,
  composerLabel,
}: {
  channel: ChatChannel;
  intro: ReactNode;
  composerLabel: string;
}) {
  const chat = useChat({ channel });
  const ids = useChatMessageIds({ channel });
  return (
    <>
      <ChatScreen.Messages isBusy={chat.isAnswering || chat.isLoadingConversation} emptyState={intro}>
        {ids.map((id) => (
          <ChatBubble key={id} id={id} />
        ))}
      </ChatScreen.Messages>
      <ChatScreen.Footer>
        <ChatComposer
          aria-label={composerLabel}
          onSend={(prompt) => void chat.send(prompt)}
          isPending={chat.pendingResponse}
          isStreaming={chat.isAnswering}
          onStop={chat.stop}
          onNewTopic={channel === 'knowledge' ? undefined : () => void chat.newTopic()}
        />
      </ChatScreen.Footer>
    </>
  );
}

export interface ChatPanesScreenProps {
  selection: ChatSelection;
  department: ChatDepartmentName;
}

/** /chat and /chat/{department}: the knowledge and AI panes, sliding between them. */
export function ChatPanesScreen({ selection, department }: ChatPanesScreenProps) {
  return (
    <ChatScreen.Root selection={selection}>
      <h1 className="da-visually-hidden">
        {selection === 'openai' ? 'Chat: OpenAI GPT' : `Chat: ${department}`}
      </h1>
      <ChatScreen.Panes>
        <ChatScreen.Pane pane="knowledge" aria-label={`Knowledge chat: ${department}`}>
          <ChatPaneBody
            channel="knowledge"
            intro={<DepartmentIntro department={department} />}
            composerLabel={`Message to ${department}`}
          />
        </ChatScreen.Pane>
        <ChatScreen.Pane pane="openai" aria-label="AI chat">
          <ChatPaneBody channel="openai" intro={<AiIntro />} composerLabel="Message to OpenAI GPT" />
        </ChatScreen.Pane>
      </ChatScreen.Panes>
    </ChatScreen.Root>
  );
}

/** The Sources panel of the admin chat: the latest knowledge answer's sources. */
function AdminSources() {
  const messages = useChatMessages({ channel: 'knowledge' });
  const sources = messages.findLast((message) => message.sources)?.sources;
  return <ChatSourcesPanel sources={sources} />;
}

/** /menu/chat: the admin chat, a knowledge chat of every department the admin reads, with its Sources panel. */
export function AdminChatScreen() {
  const chat = useChatStore();
  const { user } = useSession();
  const canUsePga = hasPgaAccess(user);
  // The admin chat asks the Knowledge department (all internal queries).
  useEffect(() => {
    chat.openRoute('Knowledge', { hasPgaAccess: canUsePga });
  }, [chat, canUsePga]);
  return (
    <ChatScreen.Root selection="knowledge">
      <ChatScreen.Pane pane="knowledge" aria-label="Admin chat">
        <ChatPaneBody
          channel="knowledge"
          intro={<DepartmentIntro department="Knowledge" />}
          composerLabel="Message to the admin chat"
        />
      </ChatScreen.Pane>
      <ChatScreen.Aside>
        <AdminSources />
      </ChatScreen.Aside>
    </ChatScreen.Root>
  );
}

/** /elk: the ELK agent, a chat whose answers may carry a metrics panel; New Topic clears its session. */
export function ElkChatScreen() {
  return (
    <ChatScreen.Root selection="knowledge">
      <ChatScreen.Pane pane="knowledge" aria-label="ELK chat">
        <ChatPaneBody
          channel="elk"
          intro={
            <>
              <strong>ELK Agent</strong>
              <span>Get ELK metrics for a specific environment/tenant over a period of time.</span>
            </>
          }
          composerLabel="Message to the ELK agent"
        />
      </ChatScreen.Pane>
    </ChatScreen.Root>
  );
}
