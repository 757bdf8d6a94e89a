import { describe, expect, it } from 'vitest';
import { SERVICE_IDS } from '../../src/lib/catalog/categories';
import {
  MONOGRAM_COLOURS,
  MONOGRAM_FALLBACK_COLOUR,
  monogramColour,
  monogramInitials,
  providerMonogram,
} from '../../src/lib/monogram';

/** WCAG relative luminance contrast of two #rrggbb colours. */
function contrast(a: string, b: string): number {
  const luminance = (hex: string) => {
    const [r, g, bl] = [1, 3, 5].map((i) => {
      const c = parseInt(hex.slice(i, i + 2), 16) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    }) as [number, number, number];
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

describe('monogramInitials', () => {
  it.each([
    ['SecureVision CCTV', 'SC'],
    ['Cape Alarm Systems', 'CA'],
    ['Guardian', 'G'],
    ['The Wi-Fi Guys (Pty) Ltd', 'WF'],
    ['Ndlovu & Sons', 'NS'],
    ['  lower case  name ', 'LC'],
    ['Éclair Électronique', 'ÉÉ'],
    ['24/7 Security', '2S'],
    ['***', '?'],
  ])('%s -> %s', (name, initials) => {
    expect(monogramInitials(name)).toBe(initials);
  });
});

describe('monogramColour', () => {
  it('takes the colour of the main (first) service', () => {
    expect(monogramColour(['alarms', 'cctv'])).toBe(MONOGRAM_COLOURS.alarms);
    expect(monogramColour(['cctv', 'alarms'])).toBe(MONOGRAM_COLOURS.cctv);
  });

  it('falls back for no or unknown services', () => {
    expect(monogramColour([])).toBe(MONOGRAM_FALLBACK_COLOUR);
    expect(monogramColour(['plumbing'])).toBe(MONOGRAM_FALLBACK_COLOUR);
  });

  it('has a distinct colour for every service, each readable in white at 7:1', () => {
    const colours = SERVICE_IDS.map((id) => monogramColour([id]));
    expect(new Set(colours).size).toBe(SERVICE_IDS.length);
    for (const colour of [...colours, MONOGRAM_FALLBACK_COLOUR]) {
      expect(contrast(colour, '#ffffff')).toBeGreaterThanOrEqual(7);
    }
  });
});

it('providerMonogram combines initials and colour', () => {
  expect(providerMonogram({ name: 'Cape Alarm Systems', services: ['alarms'] })).toEqual({
    initials: 'CA',
    background: MONOGRAM_COLOURS.alarms,
    foreground: '#ffffff',
  });
});
