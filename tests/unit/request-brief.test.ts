import { describe, expect, it } from 'vitest';
import type * as z from 'zod/mini';
import { SERVICE_IDS } from '../../src/lib/catalog/categories.ts';
import { EnquirySchema } from '../../src/lib/schemas/enquiry.ts';
import { BRIEF_QUESTIONS, BriefSchema, briefLines } from '../../src/lib/schemas/request-brief.ts';

const errorsOf = (result: z.util.SafeParseResult<unknown>) =>
  result.success
    ? {}
    : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));

describe('the brief of a request', () => {
  it('asks questions for every service, each with a unit or its answers', () => {
    for (const service of SERVICE_IDS) {
      expect(BRIEF_QUESTIONS[service].length).toBeGreaterThan(2);
    }
  });

  it('takes a CCTV brief, counts given as form text, and drops what was not answered', () => {
    const result = BriefSchema.parse({
      service: 'cctv',
      propertyType: 'house',
      camerasIndoor: '2',
      camerasOutdoor: 6,
      mustSee: ['faces', 'number-plates'],
      nightVision: 'yes',
      remoteViewing: 'not-sure',
      recordingDays: '',
      existingCabling: '',
    });
    expect(result).toEqual({
      service: 'cctv',
      propertyType: 'house',
      camerasIndoor: 2,
      camerasOutdoor: 6,
      mustSee: ['faces', 'number-plates'],
      nightVision: 'yes',
      remoteViewing: 'not-sure',
    });
    expect(briefLines(result)).toEqual([
      { label: 'Property type', value: 'House' },
      { label: 'Cameras indoors', value: '2 cameras' },
      { label: 'Cameras outdoors', value: '6 cameras' },
      { label: 'What must be seen', value: 'Faces, Number plates' },
      { label: 'Night vision', value: 'Yes' },
      { label: 'Remote viewing on a phone', value: 'Not sure' },
    ]);
  });

  it('shows areas in square metres and large numbers grouped', () => {
    const brief = BriefSchema.parse({ service: 'wifi', floorArea: 1250, floors: 'not-sure' });
    expect(briefLines(brief)).toEqual([
      { label: 'Floor area', value: `${(1250).toLocaleString('en-ZA')} m²` },
      { label: 'Floors', value: 'Not sure' },
    ]);
  });

  it.each([
    [
      'an unknown question',
      { service: 'cctv', propertyType: 'house', drones: 2 },
      '',
      'Unknown question: drones',
    ],
    [
      'a count with a unit',
      { service: 'wifi', floorArea: '200 sq ft' },
      'floorArea',
      `Enter a whole number of m² from 0 to ${(1_000_000).toLocaleString('en-ZA')}, or Not sure`,
    ],
    [
      'a negative count',
      { service: 'cctv', propertyType: 'house', camerasOutdoor: -1 },
      'camerasOutdoor',
      'Enter a whole number of cameras from 0 to 200, or Not sure',
    ],
    [
      'a fraction',
      { service: 'alarms', propertyType: 'house', zones: 2.5 },
      'zones',
      'Enter a whole number of zones from 0 to 200, or Not sure',
    ],
    [
      'an answer not offered',
      { service: 'cctv', propertyType: 'castle' },
      'propertyType',
      'Choose one of the answers',
    ],
    [
      'Not sure with others',
      { service: 'access', doorsAndGates: 2, credentials: ['card', 'not-sure'] },
      'credentials',
      'Not sure cannot be combined with other answers',
    ],
    [
      'a required question unanswered',
      { service: 'network', floors: 2 },
      'networkPoints',
      'Please answer this (or choose Not sure)',
    ],
    [
      'an unknown service',
      { service: 'plumbing' },
      'service',
      'The brief is for another service than the request',
    ],
    ['no object', 'six cameras', 'service', 'The brief is for another service than the request'],
  ])('refuses %s', (_name, brief, path, message) => {
    const errors = errorsOf(BriefSchema.safeParse(brief));
    expect(errors[path]).toBe(message);
  });

  it('belongs to the service requested', () => {
    const request = {
      customerName: 'Thandi',
      customerEmail: 'thandi@example.co.za',
      serviceType: 'alarms',
      location: 'Pretoria',
      description: 'Cameras',
      assignedProviderId: 1,
    };
    expect(
      EnquirySchema.safeParse({ ...request, brief: { service: 'alarms', propertyType: 'house' } })
        .success,
    ).toBe(true);
    expect(
      errorsOf(
        EnquirySchema.safeParse({ ...request, brief: { service: 'cctv', propertyType: 'house' } }),
      ),
    ).toEqual({ 'brief.service': 'The brief is for another service than the request' });
  });
});
