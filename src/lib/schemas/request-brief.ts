/**
 * The brief of a service request: the schema built from its questions
 * (request-brief-questions.ts), with which the API validates a brief. The request form draws
 * its fields from BRIEF_QUESTIONS, and briefLines() turns a stored brief into what the
 * provider, the enquiry desk and the customer read; both are re-exported here.
 */
import * as z from 'zod/mini';
import type { ServiceId } from '../catalog/categories.ts';
import {
  BRIEF_QUESTIONS,
  NOT_SURE,
  type BriefQuestion,
  type CountQuestion,
} from '../request-brief-questions.ts';
import { preprocess } from './fields.ts';

export {
  BRIEF_QUESTIONS,
  briefLines,
  NOT_SURE,
  NOT_SURE_LABEL,
  type BriefLine,
  type BriefQuestion,
  type ChoiceQuestion,
  type CountQuestion,
  type ManyQuestion,
} from '../request-brief-questions.ts';

export const BRIEF_MESSAGES = {
  required: 'Please answer this (or choose Not sure)',
  count: (q: CountQuestion) =>
    `Enter a whole number of ${q.unit} from 0 to ${q.max.toLocaleString('en-ZA')}, or Not sure`,
  choice: 'Choose one of the answers',
  notSureAlone: 'Not sure cannot be combined with other answers',
  service: 'The brief is for another service than the request',
} as const;

/** What a form field holds before it is checked: '' is unanswered. */
const blankToUndefined = (value: unknown) => (value === '' || value === null ? undefined : value);

function answerSchema(question: BriefQuestion): z.ZodMiniType {
  // Nothing given: asked for when the question must be answered.
  const say = (message: string) => ({
    error: (issue: { input?: unknown }) =>
      issue.input === undefined ? BRIEF_MESSAGES.required : message,
  });
  let schema: z.ZodMiniType;
  if (question.kind === 'count') {
    const message = BRIEF_MESSAGES.count(question);
    // A form gives digits as text; a number with a unit ('30 days', '200 sq ft') is no count.
    const number = preprocess(
      (v) => (typeof v === 'string' && /^\s*\d{1,9}\s*$/.test(v) ? Number(v) : v),
      z.number(message).check(z.int(message), z.gte(0, message), z.lte(question.max, message)),
    );
    schema = z.union([z.literal(NOT_SURE), number], say(message));
  } else {
    const values: [string, ...string[]] = [NOT_SURE, ...question.options.map((o) => o.value)];
    schema =
      question.kind === 'choice'
        ? z.enum(values, say(BRIEF_MESSAGES.choice))
        : z.pipe(
            z.array(z.enum(values, BRIEF_MESSAGES.choice), say(BRIEF_MESSAGES.choice)).check(
              z.maxLength(values.length, BRIEF_MESSAGES.choice),
              z.refine((v) => new Set(v).size === v.length, BRIEF_MESSAGES.choice),
              z.refine((v) => !v.includes(NOT_SURE) || v.length === 1, BRIEF_MESSAGES.notSureAlone),
            ),
            z.transform((v: string[]) => (v.length === 0 ? undefined : v)),
          );
  }
  return preprocess(blankToUndefined, question.required ? schema : z.optional(schema));
}

/** The brief of one service: its answers only (an unknown field is refused). */
function serviceBriefSchema(service: ServiceId) {
  const shape: Record<string, z.ZodMiniType> = { service: z.literal(service) };
  for (const question of BRIEF_QUESTIONS[service]) shape[question.key] = answerSchema(question);
  return z.strictObject(shape);
}

const SERVICE_BRIEFS = Object.fromEntries(
  Object.keys(BRIEF_QUESTIONS).map((service) => [
    service,
    serviceBriefSchema(service as ServiceId),
  ]),
) as Record<ServiceId, ReturnType<typeof serviceBriefSchema>>;

/** A checked brief: the service and the answers given (unanswered ones are absent). */
export interface Brief {
  service: ServiceId;
  [key: string]: string | number | string[] | undefined;
}

const withoutUnanswered = (data: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(data).filter(([, v]) => v !== undefined)) as Brief;

/**
 * A brief: `service` names which questions it answers; an unknown question, a count that
 * is no whole number in its unit, a negative one or an answer not offered is refused.
 */
// zod/mini's transform has no ctx.addIssue (classic zod adds it): issues are pushed.
export const BriefSchema = z.pipe(
  z.unknown(),
  z.transform((value, ctx): Brief => {
    const service = (value as { service?: unknown } | null)?.service;
    const schema =
      typeof service === 'string' && Object.hasOwn(SERVICE_BRIEFS, service)
        ? SERVICE_BRIEFS[service as ServiceId]
        : undefined;
    if (!schema) {
      ctx.issues.push({
        code: 'custom',
        message: BRIEF_MESSAGES.service,
        path: ['service'],
        input: value,
      });
      return z.NEVER;
    }
    const result = schema.safeParse(value);
    if (result.success) return withoutUnanswered(result.data);
    for (const issue of result.error.issues) {
      ctx.issues.push({
        code: 'custom',
        message:
          issue.code === 'unrecognized_keys'
            ? `Unknown question: ${issue.keys.join(', ')}`
            : issue.message,
        path: issue.path,
        input: value,
      });
    }
    return z.NEVER;
  }),
);
