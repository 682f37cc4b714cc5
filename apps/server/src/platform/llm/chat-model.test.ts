// The chats' model client and the tokens a model reports: asked for with the streamed answer
// (`stream_options.include_usage`) unless LLM_STREAM_USAGE is off, and handed to the caller once the
// stream has ended. Against the stand-in model over HTTP.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../test/harness.js';
import { type LlmStandin, startLlmStandin } from '../../test/llm-standin.js';
import { createOpenAiCompatibleModel, type ModelUsage } from './chat-model.js';

const silentLog = { warn() {} } as unknown as Parameters<typeof createOpenAiCompatibleModel>[1];

describe('the tokens of a streamed answer', () => {
  let standin: LlmStandin;
  beforeAll(async () => {
    standin = await startLlmStandin();
  });
  afterAll(() => standin.close());

  const ask = async (streamUsage: boolean) => {
    const model = createOpenAiCompatibleModel(
      { ...testConfig().llm, baseUrl: standin.url, model: 'standin', maxRetries: 0, streamUsage },
      silentLog,
    );
    const usages: ModelUsage[] = [];
    let text = '';
    for await (const piece of model.stream({
      system: 'You are terse.',
      messages: [{ role: 'user', content: 'Count for me [[standin:words=7]]' }],
      signal: new AbortController().signal,
      onUsage: (usage) => usages.push(usage),
    })) {
      // Not before the answer has ended.
      expect(usages).toEqual([]);
      text += piece;
    }
    return { text, usages, request: standin.requests().at(-1)! };
  };

  it('asks for them and reports what the model counted once the stream ends', async () => {
    const { text, usages, request } = await ask(true);
    expect(text.split(' ')).toHaveLength(7);
    expect(request.includeUsage).toBe(true);
    expect(usages).toHaveLength(1);
    expect(usages[0]!.outputTokens).toBe(7);
    // The stand-in counts a token per four characters of the prompt.
    const promptLength = request.messages.reduce((sum, message) => sum + message.content.length, 0);
    expect(usages[0]!.inputTokens).toBe(Math.ceil(promptLength / 4));
  });

  it('does not ask with LLM_STREAM_USAGE off, for an API that refuses the field, and reports nothing', async () => {
    const { text, usages, request } = await ask(false);
    expect(text.split(' ')).toHaveLength(7);
    expect(request.includeUsage).toBe(false);
    expect(usages).toEqual([]);
  });
});
