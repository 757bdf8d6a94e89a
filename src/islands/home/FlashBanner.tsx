import { useEffect, useState } from 'react';
import type { FlashAd } from '../../lib/api-answers';
import { answer, api } from '../../lib/api-client';
import { prefersReducedMotion } from '../../lib/motion';
import { useLoaded } from '../ui/use-loaded';
import { FlashAdContent } from './FlashAdContent';

/** Spec section 9: default duration, and the fade that starts before each switch. */
export const DEFAULT_AD_DURATION = 3000;
export const FADE_MS = 500;

/**
 * The ads in turn. The turning stops while the pointer is over the banner or the keyboard
 * focus is in it (WCAG 2.2.2), so nobody's link or reading is swapped from under them.
 * While it turns the region is not live, so a screen reader is not read a new ad every few
 * seconds (the WAI-ARIA carousel pattern); a visitor who asked for less motion sees the
 * ads switch without the fade.
 */
function Banner({ ads }: { ads: FlashAd[] }) {
  const [index, setIndex] = useState(0);
  const [fading, setFading] = useState(false);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const paused = hovered || focused;
  const current = ads[index % ads.length];

  useEffect(() => {
    if (ads.length < 2 || paused) return;
    const duration = current?.displayDuration ?? DEFAULT_AD_DURATION;
    const fade = prefersReducedMotion()
      ? undefined
      : window.setTimeout(() => setFading(true), Math.max(0, duration - FADE_MS));
    const next = window.setTimeout(() => {
      setIndex((i) => (i + 1) % ads.length);
      setFading(false);
    }, duration);
    return () => {
      window.clearTimeout(fade);
      window.clearTimeout(next);
    };
  }, [index, ads.length, current, paused]);

  if (!current) return null;
  return (
    <div
      className="relative overflow-hidden rounded-box bg-primary text-primary-content"
      data-paused={paused ? 'true' : undefined}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => {
        setFocused(true);
        setFading(false);
      }}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setFocused(false);
      }}
    >
      <div
        className={`motion-safe:transition-opacity motion-safe:duration-500 ${fading && !paused ? 'opacity-0' : 'opacity-100'}`}
        aria-live={paused ? 'polite' : 'off'}
        data-testid="flash-ad"
      >
        <FlashAdContent ad={current} eager={index === 0} />
      </div>
      {ads.length > 1 && (
        <div
          className="absolute right-4 bottom-3 flex gap-1"
          role="group"
          aria-label="Choose an offer"
        >
          {ads.map((ad, i) => (
            <button
              key={`${ad.title}-${i}`}
              type="button"
              className={`h-6 w-6 rounded-full p-2 focus-visible:outline-2 focus-visible:outline-primary-content ${i === index ? 'bg-primary-content/0' : ''}`}
              aria-label={`Show offer ${i + 1}: ${ad.title}`}
              aria-current={i === index ? 'true' : undefined}
              onClick={() => {
                setFading(false);
                setIndex(i);
              }}
            >
              <span
                className={`block h-2 w-2 rounded-full ${i === index ? 'bg-primary-content' : 'bg-primary-content/50'}`}
              />
            </button>
          ))}
        </div>
      )}
    </div>
  );
}

function StaticBanner() {
  return (
    <div className="flex min-h-40 items-center rounded-box bg-primary p-6 text-primary-content md:p-8">
      <div>
        <h2 className="text-2xl font-bold md:text-3xl">Expert Services Available</h2>
        <p className="mt-2 text-lg">
          Installers for security, networks and video across South Africa, with their checks shown
          by date.
        </p>
      </div>
    </div>
  );
}

/** The home page's flash-ad banner (spec section 4); static content while loading, with no ads or on failure. */
function FlashBanner() {
  const ads = useLoaded(() => answer(api['flash-ads'].$get()));
  return ads.status === 'done' && ads.data.length > 0 ? (
    <Banner ads={ads.data} />
  ) : (
    <StaticBanner />
  );
}

export default FlashBanner;
