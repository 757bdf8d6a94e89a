/**
 * The join form's answers that depend on other answers: PSIRA only with a
 * security service, CIPC only for a company. The API refuses an answer that does not
 * apply, so what is hidden is left out before the form checks and sends anything. The
 * rule itself is the catalogue's (checkApplies), not repeated here.
 */
import { checkApplies, type CheckType } from '../../lib/catalog/checks';
import type { ApplicationFormInput } from '../../lib/schemas/provider-application';

/** Which parts of the verification section apply to the answers so far. */
export function shownChecks({
  services,
  legalForm,
}: Pick<ApplicationFormInput, 'services' | 'legalForm'>) {
  return {
    psira: checkApplies('psira', services, legalForm),
    company: checkApplies('company_registration', services, legalForm),
  };
}

/**
 * The answers as they are sent: without the PSIRA or CIPC answers, nor the documents,
 * of a part that is hidden. They stay in the form, so ticking CCTV again brings them back.
 */
export function withoutHiddenAnswers(values: ApplicationFormInput): ApplicationFormInput {
  const { psiraNumber, psiraValidUntil, cipcNumber, documents = [], ...answers } = values;
  const shown = shownChecks(values);
  return {
    ...answers,
    ...(shown.psira && { psiraNumber, psiraValidUntil }),
    ...(shown.company && { cipcNumber }),
    documents: documents.filter(({ checkType }) =>
      checkApplies(checkType, values.services, values.legalForm),
    ),
  };
}

type Field = keyof ApplicationFormInput;

/**
 * Where the server's message for a field goes: 'documents.0.upload' to the upload of
 * the first document sent, 'consentVersion' to the consent box, a field of the form (one
 * of the answers sent) to itself.
 */
export function serverErrorPlace(
  key: string,
  sent: ApplicationFormInput,
): { field: Field } | { document: CheckType } | undefined {
  const [name = '', index] = key.split('.');
  if (name === 'consentVersion') return { field: 'acceptChecks' };
  if (name === 'documents' && index !== undefined) {
    const document = sent.documents?.[Number(index)];
    return document && { document: document.checkType };
  }
  return name in sent ? { field: name as Field } : undefined;
}
