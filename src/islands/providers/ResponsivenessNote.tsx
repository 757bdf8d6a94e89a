import {
  responsivenessBasis,
  responsivenessWords,
  type Responsiveness,
} from '../../lib/responsiveness';

/** Where /how-it-works states the rule behind the figures. */
export const RESPONSIVENESS_RULE_URL = '/how-it-works#responsiveness';

/**
 * How quickly the provider answers requests: 'Usually responds within 2
 * business hours' and '93% answered within 24 business hours', or 'New on the platform'.
 * `full` adds why there are no figures, or what they are based on, and the link to the
 * rule (the modal and the page); a card shows the figures alone.
 */
export function ResponsivenessNote({
  provider: { responsiveness, createdAt },
  full = false,
}: {
  /** `createdAt`, when the provider was listed: only a recent one is "New on the platform". */
  provider: { responsiveness: Responsiveness; createdAt: string };
  full?: boolean;
}) {
  const { headline, detail } = responsivenessWords(responsiveness, createdAt);
  const measured = responsiveness.withinDayPercent !== null;
  return (
    <div className="text-sm" data-testid="responsiveness">
      <p className="font-semibold">{headline}</p>
      {(measured || full) && <p>{detail}</p>}
      {full && (
        <p>
          {measured && <>{responsivenessBasis(responsiveness)}. </>}
          <a className="link" href={RESPONSIVENESS_RULE_URL}>
            How we measure responsiveness
          </a>
        </p>
      )}
    </div>
  );
}
