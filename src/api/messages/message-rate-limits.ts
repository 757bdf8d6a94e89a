import type { RateLimit } from '../rate-limits/hit-rate-limit.ts';

/**
 * How many messages one side may write, against floods (each message may mail the other
 * side, at most once an hour per conversation: send-message.ts). Counted per customer
 * network (as requests are) and per provider (as responses are).
 */
export const MESSAGE_RATE_LIMITS = {
  customer: {
    name: 'request-message',
    max: 30,
    windowSeconds: 60 * 60,
    message: 'Too many messages from your connection. Please try again later.',
  },
  provider: {
    name: 'provider-message',
    max: 60,
    windowSeconds: 60 * 60,
    message: 'Too many messages in a short time. Please try again later.',
  },
} as const satisfies Record<string, RateLimit>;
