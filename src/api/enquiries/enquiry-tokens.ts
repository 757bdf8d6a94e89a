/**
 * Signed links about one enquiry (its review, the confirmation of its e-mail): a JWT
 * (HS256, the session key) whose subject is the enquiry id and whose purpose claim keeps
 * one kind of link from being used as another.
 */
import { errors, jwtVerify, SignJWT } from 'jose';
import { AppError } from '../errors.ts';

export function signEnquiryToken(
  secret: Uint8Array,
  { purpose, enquiryId, days }: { purpose: string; enquiryId: number; days: number },
): Promise<string> {
  return new SignJWT({ purpose })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(enquiryId))
    .setIssuedAt()
    .setExpirationTime(`${days}d`)
    .sign(secret);
}

/** The enquiry id of a valid token; 400 for a tampered or foreign one, 410 once expired. */
export async function enquiryOfToken(
  secret: Uint8Array,
  token: string,
  { purpose, invalid, expired }: { purpose: string; invalid: string; expired: string },
): Promise<number> {
  let payload;
  try {
    ({ payload } = await jwtVerify(token, secret, { algorithms: ['HS256'] }));
  } catch (error) {
    if (error instanceof errors.JWTExpired) throw new AppError('gone', expired);
    throw new AppError('bad_request', invalid);
  }
  const enquiryId = Number(payload.sub);
  if (payload.purpose !== purpose || !Number.isSafeInteger(enquiryId) || enquiryId < 1) {
    throw new AppError('bad_request', invalid);
  }
  return enquiryId;
}
