// The headless core over the SDK's in-memory demo server, for stories of components that read the
// core's stores (the chat store): questions get the demo server's streamed answers, as the reference
// server would send them (not exported from the package).

import { DigitalAssistantCoreProvider, useChat } from '@digital-assistant/react';
import { createClient } from '@digital-assistant/sdk';
import { createDemoServer, type DemoServerOptions, demoStaff } from '@digital-assistant/sdk/testing';
import { type ReactNode, useEffect, useRef, useState } from 'react';

/** A core provider over its own demo server (signed in as Sam Staff, answers streamed word by word). */
export function DemoCore({ options, children }: { options?: DemoServerOptions; children: ReactNode }) {
  const [client] = useState(() => {
    const server = createDemoServer({ signedIn: demoStaff, chat: { streamDelayMs: 15 }, ...options });
    return createClient({ baseUrl: 'http://assistant.test', fetch: server.fetch });
  });
  return <DigitalAssistantCoreProvider client={client}>{children}</DigitalAssistantCoreProvider>;
}

/** Asks `question` on `channel` once, when mounted: the conversation then holds a question and its answer. */
export function AskOnMount({ channel, question }: { channel: 'knowledge' | 'openai'; question: string }) {
  const chat = useChat({ channel });
  const hasAsked = useRef(false);
  useEffect(() => {
    if (hasAsked.current) return;
    hasAsked.current = true;
    void chat.send(question);
  }, [chat, question]);
  return null;
}
