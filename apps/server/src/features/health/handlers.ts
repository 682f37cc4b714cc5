import type { Handlers } from '../../platform/http/contract.js';
import { defineHandlers } from '../../platform/http/typed-handlers.js';

export function createHealthHandlers(): Handlers {
  return defineHandlers({
    async ping(request, reply) {
      const accept = request.headers.accept ?? '';
      if (accept.includes('application/json') && !accept.includes('text/plain')) {
        return reply.type('application/json').send({ message: 'pong!' });
      }
      return reply.type('text/plain; charset=utf-8').send('pong!');
    },
  });
}
