/**
 * The brief of a service request: the questions each service asks, with their units and a
 * "Not sure" answer, and briefLines(), which turns a stored brief into what the provider,
 * the enquiry desk and the customer read. No validator here: a page that shows a brief
 * loads no zod for it (docs/decisions/0049); the schema built from these questions is
 * schemas/request-brief.ts.
 */
import type { ServiceId } from './catalog/categories.ts';

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
