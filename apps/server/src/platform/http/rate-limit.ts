// Rate limits (@fastify/rate-limit), opted into per route: contract operations through their handler
// definition (`rateLimit`), other routes through their route config. Counters live in Redis when
// REDIS_URL is set, so every instance shares them, else in this process's memory. A Redis outage
// lets requests through (logged) rather than locking everyone out of signing in.
import rateLimit, { type RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import type { Config } from '../config/config.js';
import { HttpError } from './errors.js';

export type { RateLimitOptions };

/**
 * Registers the rate-limit plugin (before any route, so routes can opt in). Returns the Redis client
 * when REDIS_URL is set (readiness pings it), closed with the app.
 */
export async function registerRateLimit(
  app: FastifyInstance,
  config: Pick<Config, 'redisUrl' | 'redisKeyPrefix'>,
): Promise<Redis | undefined> {
  let redis: Redis | undefined;
  if (config.redisUrl) {
    redis = new Redis(config.redisUrl, {
      // Fail fast while disconnected instead of queueing: a request must not wait for Redis to return.
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
      connectTimeout: 2000,
    });
    let isReported = false;
    redis.on('error', (error: Error) => {
      if (isReported) return;
      isReported = true;
      app.log.warn(
        { err: error },
        'Redis (rate-limit counters) is unreachable; requests are not limited meanwhile',
      );
    });
    redis.on('ready', () => {
      isReported = false;
    });
    const client = redis;
    app.addHook('onClose', async () => {
      await client.quit().catch(() => client.disconnect());
    });
    // Start counting from the first request when Redis is there; start anyway when it is not.
    await new Promise<void>((resolve) => {
      client.once('ready', resolve);
      client.once('error', () => resolve());
    });
  }
  await app.register(rateLimit, {
    global: false,
    redis,
    nameSpace: `${config.redisKeyPrefix}rate-limit:`,
    skipOnError: true,
    errorResponseBuilder: (_request, context) =>
      new HttpError(429, 'too_many_requests', `Too many requests; try again in ${context.after}.`),
  });
  return redis;
}

/**
 * The limit of anonymous sign-in endpoints (SIGN_IN_RATE_LIMIT per SIGN_IN_RATE_WINDOW_SECONDS, per
 * client address and endpoint); undefined when turned off.
 */
export function signInRateLimit(config: Pick<Config, 'signInRateLimit'>): RateLimitOptions | undefined {
  const { max, windowSeconds } = config.signInRateLimit;
  if (max === 0) return undefined;
  return {
    max,
    timeWindow: windowSeconds * 1000,
    errorResponseBuilder: (_request, context) =>
      new HttpError(
        429,
        'too_many_requests',
        `Too many sign-in attempts from your address; try again in ${context.after}.`,
      ),
  };
}

/**
 * The limit of questions to the chats (CHAT_RATE_LIMIT per CHAT_RATE_WINDOW_SECONDS, per signed-in
 * user on each chat endpoint, counted once the caller is authenticated and the request valid);
 * undefined when turned off.
 */
export function chatRateLimit(config: Pick<Config, 'chatRateLimit'>): RateLimitOptions | undefined {
  const { max, windowSeconds } = config.chatRateLimit;
  if (max === 0) return undefined;
  const window = windowSeconds === 1 ? 'second' : `${windowSeconds} seconds`;
  return {
    max,
    timeWindow: windowSeconds * 1000,
    hook: 'preHandler',
    keyGenerator: (request) => `user:${request.identity?.user.id ?? `ip:${request.ip}`}`,
    errorResponseBuilder: (_request, context) =>
      new HttpError(
        429,
        'too_many_requests',
        `You are asking too quickly: at most ${max} questions every ${window}. Try again in ${context.after}.`,
      ),
  };
}
