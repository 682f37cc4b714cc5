// The ELK agent's operations: elkChat (a question about metrics, JSON or server-sent events like the
// other chats, rate limited per user like them) and elkNewTopic (forgets the user's ELK session).
// Who may call them is the contract's `elk_chat` feature, checked centrally.
import { requireIdentity } from '../../platform/auth/authorize.js';
import type { Handlers } from '../../platform/http/contract.js';
import { chatRateLimit } from '../../platform/http/rate-limit.js';
import { defineHandlers, type TypedHandler } from '../../platform/http/typed-handlers.js';
import { countModelTokens, respond } from '../../platform/llm/index.js';
import type { FeatureContext } from '../context.js';
import { keptAnswerId } from '../feedback/index.js';
import type { ElkAgent } from './agent.js';
import { clearSession } from './session.js';

export function createElkHandlers(context: FeatureContext, agent: ElkAgent): Handlers {
  const { db, config } = context;
  const limit = chatRateLimit(config);

  const elkChat: TypedHandler<'elkChat'> = async (request, reply) => {
    const { user } = requireIdentity(request);
    // Errors of the metrics source are thrown here, before any answer: a JSON error with its status.
    // The model's reading of the question counts its tokens under elkChat.
    const answer = await countModelTokens(request, () => agent.ask(user.id, request.body.message));
    return respond(request, reply, {
      // Streamed, the summary is the text; the `done` event carries the whole answer.
      async *pieces() {
        yield answer.Summary ?? answer.Answer;
      },
      finish: async () => ({
        ...answer,
        ...(await keptAnswerId(db, request.log, {
          userId: user.id,
          chat: 'elk',
          department: null,
          question: request.body.message,
          answer: answer.Summary ?? answer.Answer,
        })),
      }),
      stop: async () => {},
      fail: async () => {},
    });
  };

  return defineHandlers({
    elkChat: limit ? { handler: elkChat, rateLimit: limit } : elkChat,
    async elkNewTopic(request) {
      const { user } = requireIdentity(request);
      await clearSession(db, user.id);
      return { message: 'Started a new ELK topic.' };
    },
  });
}
