/**
 * The chat screens (loaded on demand): /chat and /chat/{department} with the knowledge and AI panes,
 * and /menu/chat, the admin chat with its Sources panel. Everything they do is the chat store's
 * (`@digital-assistant/react`); the parts are `@digital-assistant/ui`'s.
 */
import {
  type ChatConversationNotice,
  type ChatDepartmentName,
  type ChatMessage,
  type ChatSelection,
  chatMessages,
  openChatRoute,
  useChatMessages,
  useChatStore,
  useSession,
  useStarterQuestions,
} from '@digital-assistant/react';
import {
  ChatConversation,
  ChatIntro,
  ChatScreen,
  ChatSourcesPanel,
  ElkMetricsPanel,
  StatusBanner,
} from '@digital-assistant/ui';
import { memo, useEffect, useRef } from 'react';
import { COMPOSER_IDS } from './composer-ids';

export interface ChatPanesScreenProps {
  selection: ChatSelection;
  department: ChatDepartmentName;
  /** Why the conversation of the address is not the one shown (`useChatRoute`). */
  conversationNotice?: ChatConversationNotice | null;
  onDismissConversationNotice?: () => void;
}

/**
 * On arrival (after sign-in, a reload, a link) the message box has the focus, unless the person has
 * already put it somewhere (this screen loads on demand, maybe after they pressed something).
 */
function useFocusOnArrival(composerId: string) {
  const arrivedAt = useRef(composerId);
  useEffect(() => {
    const active = document.activeElement;
    if (active && active !== document.body) return;
    document.getElementById(arrivedAt.current)?.focus();
  }, []);
}

/**
 * /chat and /chat/{department}: the knowledge and AI panes, sliding between them. The message box
 * of the pane on show has the focus on arrival (after sign-in, a reload, a link). Memoised: when an
 * answer ends and the address becomes `/chat?c=ID`, the route draws again but the panes (with the
 * whole answer) do not, as nothing they show changed.
 */
export const ChatPanesScreen = memo(function ChatPanesScreen({
  selection,
  department,
  conversationNotice,
  onDismissConversationNotice,
}: ChatPanesScreenProps) {
  useFocusOnArrival(COMPOSER_IDS[selection]);
  // Without a language model the AI chat says so before anyone asks, and only questions about
  // attached files can be sent to it.
  const { hasLanguageModel, isAdmin } = useSession();
  const starters = useStarterQuestions();
  return (
    <ChatScreen.Root selection={selection}>
      <h1 className="da-visually-hidden">
        {selection === 'openai' ? 'Chat: OpenAI GPT' : `Chat: ${department}`}
      </h1>
      <ChatScreen.Panes>
        <ChatScreen.Pane pane="knowledge" aria-label={`Knowledge chat: ${department}`}>
          <ChatConversation
            channel="knowledge"
            intro={<ChatIntro selection="knowledge" department={department} />}
            composerLabel={`Message to ${department}`}
            composerId={COMPOSER_IDS.knowledge}
            suggestions={starters.forDepartment(department)}
          />
        </ChatScreen.Pane>
        <ChatScreen.Pane pane="openai" aria-label="AI chat">
          {conversationNotice ? (
            <StatusBanner kind="info" onDismiss={onDismissConversationNotice}>
              {conversationNotice.text}
            </StatusBanner>
          ) : null}
          <ChatConversation
            channel="openai"
            intro={<ChatIntro selection="openai" hasLanguageModel={hasLanguageModel} isAdmin={isAdmin} />}
            composerLabel="Message to OpenAI GPT"
            composerId={COMPOSER_IDS.openai}
            suggestions={starters.aiChat}
            disabledReason={hasLanguageModel ? undefined : chatMessages.modelMissingReason}
            // Without a model, questions about attached files are still answered (with excerpts).
            needsAttachmentsReason={hasLanguageModel ? undefined : chatMessages.modelMissingFilesReason}
          />
        </ChatScreen.Pane>
      </ChatScreen.Panes>
    </ChatScreen.Root>
  );
});

/**
 * The Sources panel of the admin chat: the latest knowledge answer's sources, beside the
 * conversation, or behind a 'Sources' button under the composer in narrow windows.
 */
function AdminSources() {
  const messages = useChatMessages({ channel: 'knowledge' });
  const sources = messages.findLast((message) => message.sources)?.sources;
  return (
    <ChatScreen.Aside toggleLabel="Sources" count={sources ? Object.keys(sources).length : undefined}>
      <ChatSourcesPanel sources={sources} />
    </ChatScreen.Aside>
  );
}

/** /menu/chat: the admin chat, a knowledge chat of every department the admin reads, with its Sources panel. */
export function AdminChatScreen() {
  const chat = useChatStore();
  const { hasPgaAccess: canUsePga } = useSession();
  const starters = useStarterQuestions();
  // The admin chat asks the Knowledge department (all internal queries).
  useEffect(() => {
    openChatRoute(chat, 'Knowledge', { hasPgaAccess: canUsePga });
  }, [chat, canUsePga]);
  // Its questions ask as the admin chat (their answers are the admin chat's on the Feedback page).
  useEffect(() => {
    chat.setAdminChat(true);
    return () => chat.setAdminChat(false);
  }, [chat]);
  return (
    <ChatScreen.Root selection="knowledge">
      <ChatScreen.Pane pane="knowledge" aria-label="Admin chat">
        <ChatConversation
          channel="knowledge"
          intro={<ChatIntro selection="knowledge" department="Knowledge" />}
          composerLabel="Message to the admin chat"
          composerId={COMPOSER_IDS.admin}
          suggestions={starters.forDepartment('Knowledge')}
        />
      </ChatScreen.Pane>
      <AdminSources />
    </ChatScreen.Root>
  );
}

/** An ELK answer's metrics panel, under its text. */
function ElkMetrics({ message }: { message: ChatMessage }) {
  const { toggleMetrics } = useChatStore();
  if (!message.elk?.hasElk) return null;
  return <ElkMetricsPanel elk={message.elk} onToggle={() => toggleMetrics(message.id)} />;
}

/**
 * Questions the ELK agent answers from any metrics source (no tenant named: a real source's tenants
 * are its own; the agent's answer to a greeting lists them with examples).
 */
export const ELK_EXAMPLE_QUESTIONS = [
  'CPU and memory in prod over the last 7 days',
  'Error rate across all environments yesterday',
  'p95 latency in staging over the last 24 hours',
] as const;

/** /elk: the ELK agent, a chat whose answers may carry a metrics panel; New Topic clears its session. */
export function ElkChatScreen() {
  return (
    <ChatScreen.Root selection="knowledge">
      <ChatScreen.Pane pane="knowledge" aria-label="ELK chat">
        <ChatConversation
          channel="elk"
          intro={
            <>
              <strong>ELK Agent</strong>
              <span>Get ELK metrics for a specific environment/tenant over a period of time.</span>
            </>
          }
          composerLabel="Message to the ELK agent"
          composerId={COMPOSER_IDS.elk}
          messageExtra={ElkMetrics}
          suggestions={ELK_EXAMPLE_QUESTIONS}
        />
      </ChatScreen.Pane>
    </ChatScreen.Root>
  );
}
