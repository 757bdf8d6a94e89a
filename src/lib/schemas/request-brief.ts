/**
 * The brief of a service request: the questions each service asks, with their
 * units and a "Not sure" answer, and the schema built from them. The request form draws
 * its fields from BRIEF_QUESTIONS, the API validates with BriefSchema, and briefLines()
 * turns a stored brief into what the provider, the enquiry desk and the customer read.
 */
import * as z from 'zod/mini';
import type { ServiceId } from '../catalog/categories.ts';
import { preprocess } from './fields.ts';

export const NOT_SURE = 'not-sure';
export const NOT_SURE_LABEL = 'Not sure';

interface Option {
  value: string;
  label: string;
}

interface QuestionBase {
  key: string;
  label: string;
  /** Must be answered ("Not sure" is an answer). */
  required?: boolean;
}

/** A whole number of something (cameras, days, m²): 0 to max, or "Not sure". */
export interface CountQuestion extends QuestionBase {
  kind: 'count';
  /** The unit the number is in, as the form and the brief show it. */
  unit: string;
  max: number;
}

/** One answer of a few (yes/no questions are choices too). */
export interface ChoiceQuestion extends QuestionBase {
  kind: 'choice';
  options: readonly Option[];
}

/** Any of a few answers, or "Not sure" alone. */
export interface ManyQuestion extends QuestionBase {
  kind: 'many';
  options: readonly Option[];
}

export type BriefQuestion = CountQuestion | ChoiceQuestion | ManyQuestion;

/** Answers as [value, label] pairs. */
const options = (...pairs: [value: string, label: string][]): Option[] =>
  pairs.map(([value, label]) => ({ value, label }));

const YES_NO = options(['yes', 'Yes'], ['no', 'No']);

const PROPERTY_TYPES = options(
  ['house', 'House'],
  ['townhouse', 'Townhouse or flat'],
  ['office', 'Office'],
  ['shop', 'Shop'],
  ['warehouse', 'Warehouse or factory'],
  ['farm', 'Farm or smallholding'],
  ['estate', 'Estate or complex'],
);

const choice = (
  key: string,
  label: string,
  answers: readonly Option[],
  required = false,
): ChoiceQuestion => ({
  kind: 'choice',
  key,
  label,
  options: answers,
  ...(required && { required }),
});

const many = (key: string, label: string, answers: readonly Option[]): ManyQuestion => ({
  kind: 'many',
  key,
  label,
  options: answers,
});

const yesNo = (key: string, label: string) => choice(key, label, YES_NO);

const count = (
  key: string,
  label: string,
  unit: string,
  max: number,
  required = false,
): CountQuestion => ({ kind: 'count', key, label, unit, max, required });

export const BRIEF_QUESTIONS: Readonly<Record<ServiceId, readonly BriefQuestion[]>> = {
  cctv: [
    choice('propertyType', 'Property type', PROPERTY_TYPES, true),
    count('camerasIndoor', 'Cameras indoors', 'cameras', 200),
    count('camerasOutdoor', 'Cameras outdoors', 'cameras', 200),
    many(
      'mustSee',
      'What must be seen',
      options(['overview', 'An overview'], ['faces', 'Faces'], ['number-plates', 'Number plates']),
    ),
    yesNo('nightVision', 'Night vision'),
    yesNo('remoteViewing', 'Remote viewing on a phone'),
    count('recordingDays', 'Days of recording', 'days', 365),
    yesNo('existingCabling', 'Existing cabling'),
    yesNo('backupPower', 'Backup power for load-shedding'),
  ],
  alarms: [
    choice('propertyType', 'Property type', PROPERTY_TYPES, true),
    count('zones', 'Zones or rooms', 'zones', 200),
    yesNo('pets', 'Pets inside'),
    choice('wiring', 'Wired or wireless', options(['wired', 'Wired'], ['wireless', 'Wireless'])),
    choice(
      'response',
      'Armed response or monitoring',
      options(
        ['armed-response', 'Armed response'],
        ['monitoring', 'Monitoring only'],
        ['none', 'Neither'],
      ),
    ),
    yesNo('electricFence', 'Electric fence'),
    yesNo('batteryBackup', 'Battery backup'),
  ],
  access: [
    count('doorsAndGates', 'Doors and gates', 'doors and gates', 500, true),
    count('users', 'Number of users', 'people', 100_000),
    many(
      'credentials',
      'Credentials',
      options(
        ['card', 'Card or tag'],
        ['pin', 'PIN'],
        ['biometric', 'Biometric'],
        ['app', 'Phone app'],
      ),
    ),
    yesNo('intercom', 'Intercom'),
    yesNo('gateMotor', 'Gate motor'),
  ],
  network: [
    count('networkPoints', 'Network points', 'points', 10_000, true),
    count('floors', 'Floors', 'floors', 200),
    yesNo('serverRack', 'Server rack'),
    yesNo('fibreBetweenBuildings', 'Fibre between buildings'),
  ],
  wifi: [
    count('floorArea', 'Floor area', 'm²', 1_000_000, true),
    count('floors', 'Floors', 'floors', 200),
    count('peopleOnline', 'People online at once', 'people', 100_000),
    yesNo('outdoorAreas', 'Outdoor areas to cover'),
  ],
  ndi: [
    count('sources', 'Cameras or sources', 'sources', 1000, true),
    choice(
      'resolution',
      'Resolution',
      options(['720p', 'HD (720p)'], ['1080p', 'Full HD (1080p)'], ['4k', '4K (2160p)']),
    ),
    yesNo('switchInPlace', 'Network switch already in place'),
    yesNo('liveStreaming', 'Live streaming'),
  ],
};

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

/** One line of a readable brief. */
export interface BriefLine {
  label: string;
  value: string;
}

const optionLabel = (options: readonly Option[], value: string) =>
  value === NOT_SURE ? NOT_SURE_LABEL : (options.find((o) => o.value === value)?.label ?? value);

/** A stored brief as the provider, the desk and the customer read it, in question order. */
export function briefLines(brief: unknown): BriefLine[] {
  const stored = brief as Record<string, unknown> | null | undefined;
  const service = stored?.service;
  if (!stored || typeof service !== 'string' || !(service in BRIEF_QUESTIONS)) return [];
  const lines: BriefLine[] = [];
  for (const question of BRIEF_QUESTIONS[service as ServiceId]) {
    const answer = stored[question.key];
    if (answer === undefined || answer === null) continue;
    let value: string;
    if (answer === NOT_SURE) value = NOT_SURE_LABEL;
    else if (question.kind === 'count')
      value = `${Number(answer).toLocaleString('en-ZA')} ${question.unit}`;
    else if (question.kind === 'choice' && typeof answer === 'string')
      value = optionLabel(question.options, answer);
    else if (Array.isArray(answer))
      value = answer.map((v) => optionLabel(question.options, String(v))).join(', ');
    else continue;
    lines.push({ label: question.label, value });
  }
  return lines;
}
