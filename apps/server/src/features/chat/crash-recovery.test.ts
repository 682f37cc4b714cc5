// A server killed with SIGKILL while it streams an AI chat answer (the real server in a process of
// its own, src/test/server-processes.ts, talking to the stand-in model over HTTP): after a restart
// the conversation holds the question and what was said of the answer, marked stopped as a Stop
// leaves it, on PGlite and on PostgreSQL.
import { afterAll, describe, expect, it } from 'vitest';
import { BACKENDS } from '../../test/harness.js';
import { type LlmStandin, startLlmStandin } from '../../test/llm-standin.js';
import {
  type Cleanups,
  openConversation,
  serverProcessEnvironment,
  startServerProcess,
  startStreamingAnswer,
  stopServerProcess,
} from '../../test/server-processes.js';

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
    // Read what is streamed (as a client would) until the server has kept some of it.
    const answer = await startStreamingAnswer(first, question);
    const id = answer.conversationId;
    await expect
      .poll(async () => (await openConversation(first, id)).Messages[1]?.message.split(' ').length ?? 0, {
        timeout: 60_000,
      })
      .toBeGreaterThanOrEqual(5);
    await stopServerProcess(first, 'SIGKILL');
    // Ends (with an error) when the server dies.
    await answer.ended;
    const streamed = answer.streamedText();

    const second = await startServerProcess(env);
    cleanups.push(() => stopServerProcess(second, 'SIGTERM'));
    const kept = await openConversation(second, id);
    expect(kept.Messages).toHaveLength(2);
    expect(kept.Messages[0]).toEqual({ type: 1, message: question });
    const keptAnswer = kept.Messages[1]!;
    expect(keptAnswer.type).toBe(0);
    expect(keptAnswer.stopped).toBe(true);
    expect(keptAnswer.message).toMatch(/^word1 word2 word3 word4 word5/);
    // What was kept was said: the client received it (and maybe a little more, not kept yet).
    expect(streamed.startsWith(keptAnswer.message)).toBe(true);
    expect(keptAnswer.message.split(' ').length).toBeLessThan(2000);
    await stopServerProcess(second, 'SIGTERM');
  }, 300_000);
});
