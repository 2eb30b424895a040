/** Reading column values the same way on every dialect. */
export function toDate(value: Date | string | number): Date {
  if (value instanceof Date) return value;
  return new Date(value);
}

export function toDateOrNull(value: Date | string | number | null | undefined): Date | null {
  return value === null || value === undefined ? null : toDate(value);
}

export function toBool(value: boolean | number | string | null | undefined): boolean {
  return value === true || value === 1 || value === '1' || value === 'true';
}
