// What a failed write tells of the database's own rules, whichever driver answered (the query layer may wrap the
// driver's error in its own, with the original as its cause).

type DriverError = { code?: unknown; constraint?: unknown } | null;

/** The unique index a write ran into (PostgreSQL's 23505): its name, '' when unnamed, undefined when none. */
export function violatedIndex(error: unknown): string | undefined {
  const candidates = [error, (error as { cause?: unknown } | null)?.cause] as DriverError[];
  const violation = candidates.find((e) => e?.code === '23505');
  if (violation === undefined) return undefined;
  return typeof violation?.constraint === 'string' ? violation.constraint : '';
}

export function isUniqueViolation(error: unknown): boolean {
  return violatedIndex(error) !== undefined;
}
