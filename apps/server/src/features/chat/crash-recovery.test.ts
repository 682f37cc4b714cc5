// A server killed with SIGKILL while it streams an AI chat answer (the real server in a process of
// its own, src/test/server-processes.ts, talking to the stand-in model over HTTP): after a restart
// the conversation holds the question and what was said of the answer, marked stopped as a Stop
// leaves it, on PGlite and on PostgreSQL.
import { afterAll, describe, expect, it } from 'vitest';
import type { components } from '../../generated/contract.js';
import { BACKENDS } from '../../test/harness.js';
import { type LlmStandin, startLlmStandin } from '../../test/llm-standin.js';
import {
  type Cleanups,
  type RunningServer,
  serverProcessEnvironment,
  startServerProcess,
  stopServerProcess,
} from '../../test/server-processes.js';

type ConversationResponse = components['schemas']['ConversationResponse'];

async function openConversation(
  running: RunningServer,
  ConversationId: string,
): Promise<ConversationResponse> {
  const response = await fetch(`${running.url}/api/chat/getConversation`, {
    method: 'POST',
    headers: { authorization: `Bearer ${running.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ ConversationId }),
  });
  expect(response.status).toBe(200);
  return (await response.json()) as ConversationResponse;
}

describe.each(BACKENDS)('a server killed with SIGKILL mid-answer, on %s', (backend) => {
  const cleanups: Cleanups = [];
  let standin: LlmStandin | undefined;
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
    await standin?.close();
  });

  it('keeps the question and what was said of the answer, marked stopped', async () => {
    standin = await startLlmStandin();
    const env = await serverProcessEnvironment(backend, cleanups, {
      LLM_BASE_URL: standin.url,
      LLM_MODEL: 'standin',
    });
    const first = await startServerProcess(env);
    cleanups.push(() => stopServerProcess(first, 'SIGKILL'));
    const question = 'Tell me everything [[standin:words=2000]] [[standin:delay=20]]';
    const streaming = await fetch(`${first.url}/api/chat/gpt`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${first.token}`,
        'content-type': 'application/json',
        accept: 'text/event-stream',
      },
      body: JSON.stringify({ Message: question }),
    });
    expect(streaming.status).toBe(200);
    const id = streaming.headers.get('x-conversation-id')!;
    // Read what is streamed (as a client would) until the server has kept some of it.
    const reader = streaming.body!.getReader();
    const decoder = new TextDecoder();
    let received = '';
    // Ends (with an error) when the server dies.
    const reading = (async () => {
      for (let step = await reader.read(); !step.done; step = await reader.read()) {
        received += decoder.decode(step.value, { stream: true });
      }
    })().catch(() => {});
    await expect
      .poll(async () => (await openConversation(first, id)).Messages[1]?.message.split(' ').length ?? 0, {
        timeout: 60_000,
      })
      .toBeGreaterThanOrEqual(5);
    await stopServerProcess(first, 'SIGKILL');
    await reading;
    const streamed = [...received.matchAll(/^data: (.*)$/gm)]
      .map((match) => JSON.parse(match[1]!) as { type: string; text?: string })
      .filter((event) => event.type === 'delta')
      .map((event) => event.text)
      .join('');

    const second = await startServerProcess(env);
    cleanups.push(() => stopServerProcess(second, 'SIGTERM'));
    const kept = await openConversation(second, id);
    expect(kept.Messages).toHaveLength(2);
    expect(kept.Messages[0]).toEqual({ type: 1, message: question });
    const answer = kept.Messages[1]!;
    expect(answer.type).toBe(0);
    expect(answer.stopped).toBe(true);
    expect(answer.message).toMatch(/^word1 word2 word3 word4 word5/);
    // What was kept was said: the client received it (and maybe a little more, not kept yet).
    expect(streamed.startsWith(answer.message)).toBe(true);
    expect(answer.message.split(' ').length).toBeLessThan(2000);
    await stopServerProcess(second, 'SIGTERM');
  }, 300_000);
});
