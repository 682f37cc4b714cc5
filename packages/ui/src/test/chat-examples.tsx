// A chat screen wired to a small in-memory stand-in for the chat store, for stories: it answers
// after a short wait by streaming a canned reply in chunks, as the SSE transport delivers it.
import { CHAT_DEPARTMENTS, type ChatDepartmentName, type ChatSelection } from '@digital-assistant/react';
import type { KnowledgeSource } from '@digital-assistant/sdk';
import { useEffect, useRef, useState } from 'react';
import { AppShell } from '../AppShell';
import type { AppShellMenuMode } from '../AppShell/AppShellContext';
import { ChatComposer } from '../Chat/ChatComposer';
import type { ChatHistoryListItem } from '../Chat/ChatHistoryList';
import { ChatHistoryList } from '../Chat/ChatHistoryList';
import { ChatScreen } from '../Chat/ChatScreen';
import { ChatSourcesPanel } from '../Chat/ChatSourcesPanel';
import { HeaderSelector } from '../Chat/HeaderSelector';
import { MessageBubble, type MessageStatus } from '../Chat/MessageBubble';
import type { ProfileUser } from '../ProfilePopup/ProfilePopup';
import { citedAnswer, itSources, richAnswer, sampleHistory, userQuestion } from './chat-fixtures';

export interface ExampleMessage {
  id: string;
  sender: 'user' | 'bot';
  text: string;
  status: MessageStatus;
  error?: { text: string; detail?: string };
  sources?: Record<string, KnowledgeSource>;
}

const staff: ProfileUser = { email: 'sam@example.com', name: 'Sam Staff', role: 'STAFF', version: '0.1.0' };

/** A knowledge conversation about the VPN with a cited answer. */
export const knowledgeConversation: ExampleMessage[] = [
  { id: 'k1', sender: 'user', text: userQuestion, status: 'done' },
  { id: 'k2', sender: 'bot', text: citedAnswer, status: 'done', sources: itSources },
];

/** An AI conversation with a rich answer. */
export const aiConversation: ExampleMessage[] = [
  { id: 'a1', sender: 'user', text: 'How do I rotate the database password in pre-prod?', status: 'done' },
  { id: 'a2', sender: 'bot', text: richAnswer, status: 'done' },
];

export interface ChatScreenExampleProps {
  /** Which pane is on show first. */
  selection?: ChatSelection;
  department?: ChatDepartmentName;
  canUsePga?: boolean;
  knowledgeMessages?: ExampleMessage[];
  aiMessages?: ExampleMessage[];
  history?: ChatHistoryListItem[];
  currentConversationId?: string | null;
  /** The admin chat: one knowledge pane and the Sources panel. */
  isAdmin?: boolean;
  /** What the stand-in answers: streamed text, or an error. */
  reply?: { text: string; sources?: Record<string, KnowledgeSource> } | { error: string };
  /** Milliseconds between streamed chunks. */
  chunkDelay?: number;
  menuMode?: AppShellMenuMode;
}

function useStandInChat(
  initial: ExampleMessage[],
  reply: ChatScreenExampleProps['reply'],
  chunkDelay: number,
) {
  const [messages, setMessages] = useState(initial);
  const timer = useRef<ReturnType<typeof setInterval> | undefined>(undefined);
  useEffect(() => () => clearInterval(timer.current), []);
  const last = messages.at(-1);
  const isPending = last?.sender === 'bot' && (last.status === 'pending' || last.status === 'streaming');
  const updateLast = (update: (message: ExampleMessage) => ExampleMessage) =>
    setMessages((current) => [...current.slice(0, -1), update(current.at(-1)!)]);

  const send = (prompt: string) => {
    const id = String(Date.now());
    setMessages((current) => [
      ...current,
      { id: `${id}-q`, sender: 'user', text: prompt, status: 'done' },
      { id: `${id}-a`, sender: 'bot', text: '', status: 'pending' },
    ]);
    const answer = reply ?? { text: citedAnswer, sources: itSources };
    let position = 0;
    clearInterval(timer.current);
    timer.current = setInterval(() => {
      if ('error' in answer) {
        clearInterval(timer.current);
        updateLast((message) => ({ ...message, error: { text: answer.error }, status: 'error' }));
        return;
      }
      position = Math.min(answer.text.length, position + 12);
      const isDone = position >= answer.text.length;
      if (isDone) clearInterval(timer.current);
      updateLast((message) => ({
        ...message,
        text: answer.text.slice(0, position),
        sources: answer.sources,
        status: isDone ? 'done' : 'streaming',
      }));
    }, chunkDelay);
  };
  const stop = () => {
    clearInterval(timer.current);
    updateLast((message) => ({ ...message, status: 'stopped' }));
  };
  const clear = () => {
    clearInterval(timer.current);
    setMessages([]);
  };
  // Stop is offered from the moment of sending: an answer can be abandoned before its first word.
  return { messages, isPending, isStreaming: isPending, send, stop, clear };
}

function bubbles(messages: ExampleMessage[]) {
  return messages.map((message) => (
    <MessageBubble
      key={message.id}
      sender={message.sender}
      text={message.text}
      status={message.status}
      error={message.error}
      sources={message.sources}
    />
  ));
}

function EmptyState({ department }: { department: ChatDepartmentName }) {
  const option = CHAT_DEPARTMENTS.find((candidate) => candidate.name === department);
  return (
    <>
      <strong>{department}</strong>
      <span>{option?.description}</span>
    </>
  );
}

/** The chat screen in the app frame: header selector, History in the menu, both panes, composer. */
export function ChatScreenExample({
  selection: initialSelection = 'knowledge',
  department: initialDepartment = 'IT',
  canUsePga = false,
  knowledgeMessages = [],
  aiMessages = [],
  history = sampleHistory,
  currentConversationId = null,
  isAdmin = false,
  reply,
  chunkDelay = 40,
  menuMode,
}: ChatScreenExampleProps) {
  const [selection, setSelection] = useState<ChatSelection>(isAdmin ? 'knowledge' : initialSelection);
  const [department, setDepartment] = useState<ChatDepartmentName>(initialDepartment);
  const [items, setItems] = useState(history);
  const [current, setCurrent] = useState(currentConversationId);
  const [isMenuOpen, setMenuOpen] = useState(menuMode !== 'drawer');
  const knowledge = useStandInChat(knowledgeMessages, reply, chunkDelay);
  const ai = useStandInChat(aiMessages, reply ?? { text: richAnswer }, chunkDelay);
  const latestSources = knowledge.messages.findLast((message) => message.sources)?.sources;

  const knowledgePane = (
    <ChatScreen.Pane pane="knowledge" aria-label={isAdmin ? 'Admin chat' : `Knowledge chat: ${department}`}>
      <ChatScreen.Messages isBusy={knowledge.isPending} emptyState={<EmptyState department={department} />}>
        {bubbles(knowledge.messages)}
      </ChatScreen.Messages>
      <ChatScreen.Footer>
        <ChatComposer
          onSend={knowledge.send}
          isPending={knowledge.isPending}
          isStreaming={knowledge.isStreaming}
          onStop={knowledge.stop}
        />
      </ChatScreen.Footer>
    </ChatScreen.Pane>
  );

  return (
    <AppShell.Root
      isMenuOpen={isMenuOpen}
      onMenuOpenChange={setMenuOpen}
      currentPath={isAdmin ? '/menu/chat' : '/chat'}
      menuMode={menuMode}
    >
      <AppShell.MenuPanel>
        <AppShell.MenuHeader />
        <AppShell.MenuNav>
          <AppShell.MenuLink href="/menu">Discover</AppShell.MenuLink>
          {isAdmin ? null : (
            <ChatHistoryList
              items={items.map((item) => ({
                ...item,
                isCurrent: selection === 'openai' && item.conversationId === current,
              }))}
              onSelect={(id) => {
                setCurrent(id);
                setSelection('openai');
              }}
              onDelete={(id) => {
                setItems((all) => all.filter((item) => item.conversationId !== id));
                if (id === current) {
                  setCurrent(null);
                  ai.clear();
                }
              }}
            />
          )}
          {isAdmin ? <AppShell.AdminSection /> : null}
        </AppShell.MenuNav>
        <AppShell.Footer user={staff} onLogout={() => {}} />
      </AppShell.MenuPanel>
      <AppShell.Main>
        <AppShell.Header title={isAdmin ? 'Admin Chat' : undefined}>
          {isAdmin ? null : (
            <HeaderSelector
              selection={selection}
              department={department}
              canUsePga={canUsePga}
              onSelectionChange={setSelection}
              onDepartmentChange={(next) => {
                setDepartment(next);
                setSelection('knowledge');
              }}
            />
          )}
        </AppShell.Header>
        <AppShell.Content>
          {isAdmin ? (
            // The admin chat: one knowledge pane, no sliding, and the Sources panel beside it.
            <ChatScreen.Root selection="knowledge">
              {knowledgePane}
              <ChatScreen.Aside>
                <ChatSourcesPanel sources={latestSources} />
              </ChatScreen.Aside>
            </ChatScreen.Root>
          ) : (
            <ChatScreen.Root selection={selection}>
              <ChatScreen.Panes>
                {knowledgePane}
                <ChatScreen.Pane pane="openai" aria-label="AI chat">
                  <ChatScreen.Messages
                    isBusy={ai.isPending}
                    emptyState={
                      <>
                        <strong>OpenAI GPT</strong>
                        <span>Ask anything; conversations are kept in History.</span>
                      </>
                    }
                  >
                    {bubbles(ai.messages)}
                  </ChatScreen.Messages>
                  <ChatScreen.Footer>
                    <ChatComposer
                      onSend={ai.send}
                      isPending={ai.isPending}
                      isStreaming={ai.isStreaming}
                      onStop={ai.stop}
                      onNewTopic={() => {
                        setCurrent(null);
                        ai.clear();
                      }}
                    />
                  </ChatScreen.Footer>
                </ChatScreen.Pane>
              </ChatScreen.Panes>
            </ChatScreen.Root>
          )}
        </AppShell.Content>
      </AppShell.Main>
    </AppShell.Root>
  );
}
