import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Handlers } from '../../platform/http/contract.js';

export function createHealthHandlers(): Handlers {
  return {
    async ping(request: FastifyRequest, reply: FastifyReply) {
      const accept = request.headers.accept ?? '';
      if (accept.includes('application/json') && !accept.includes('text/plain')) {
        return reply.type('application/json').send({ message: 'pong!' });
      }
      return reply.type('text/plain; charset=utf-8').send('pong!');
    },
  };
}
