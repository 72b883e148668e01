// The id a detail page reads from its query (?id=, ?taskId= ...): a positive safe integer, or null for anything
// else, so a mistyped address shows "not found" instead of asking the server for row 0 or NaN.
export function readQueryId(value: string | null): number | null {
  if (value === null || !/^[1-9]\d*$/.test(value)) return null;
  const id = Number(value);
  return Number.isSafeInteger(id) ? id : null;
}
