/** Postgres errors the code reacts to, recognised the same way for every driver. */
interface DriverError {
  code?: unknown;
  constraint?: unknown;
}

function driverError(error: unknown): DriverError | undefined {
  // drizzle wraps the driver's error as `cause`.
  const candidate = error instanceof Error && error.cause ? error.cause : error;
  return typeof candidate === 'object' && candidate !== null ? candidate : undefined;
}

/** A unique violation (23505), of the named constraint or index when one is given. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const found = driverError(error);
  return found?.code === '23505' && (constraint === undefined || found.constraint === constraint);
}
