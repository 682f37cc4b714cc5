// Pieces of a chat screen for the ChatScreen parts' stories: every part must be inside
// ChatScreen.Root, so each story puts the part it documents in its place (not exported from the package).
import type { ReactNode } from 'react';
import { ChatComposer } from '../Chat/ChatComposer';
import { ChatIntro } from '../Chat/ChatConversation';
import { ChatScreen } from '../Chat/ChatScreen';
import { MessageBubble } from '../Chat/MessageBubble';
import { type ExampleMessage, knowledgeConversation } from './chat-examples';

/** Message bubbles of an example conversation. */
export function exampleBubbles(messages: readonly ExampleMessage[]): ReactNode {
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

/** A knowledge pane with a conversation and its composer. */
export function exampleKnowledgePane(messages: readonly ExampleMessage[] = knowledgeConversation): ReactNode {
  return (
    <ChatScreen.Pane pane="knowledge" aria-label="Knowledge chat: IT">
      <ChatScreen.Messages emptyState={<ChatIntro selection="knowledge" department="IT" />}>
        {exampleBubbles(messages)}
      </ChatScreen.Messages>
      <ChatScreen.Footer>
        <ChatComposer onSend={() => {}} aria-label="Message to IT" />
      </ChatScreen.Footer>
    </ChatScreen.Pane>
  );
}

/** The AI pane with a conversation and its composer. */
export function exampleAiPane(messages: readonly ExampleMessage[]): ReactNode {
  return (
    <ChatScreen.Pane pane="openai" aria-label="AI chat">
      <ChatScreen.Messages emptyState={<ChatIntro selection="openai" />}>
        {exampleBubbles(messages)}
      </ChatScreen.Messages>
      <ChatScreen.Footer>
        <ChatComposer onSend={() => {}} onNewTopic={() => {}} aria-label="Message to OpenAI GPT" />
      </ChatScreen.Footer>
    </ChatScreen.Pane>
  );
}
