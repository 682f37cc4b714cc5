const dateTimeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
const timeFormat = new Intl.DateTimeFormat(undefined, { timeStyle: 'short' });

/** A timestamp as a medium date and short time in the user's locale; text that is not a date is shown as is. */
export function defaultFormatTime(isoTime: string): string {
  const date = new Date(isoTime);
  return Number.isNaN(date.getTime()) ? isoTime : dateTimeFormat.format(date);
}

/**
 * A timestamp's medium date and short time in the user's locale, apart (so a narrow column can
 * put the time under the date); `null` for text that is not a date.
 */
export function formatDateAndTime(isoTime: string): { date: string; time: string } | null {
  const date = new Date(isoTime);
  return Number.isNaN(date.getTime())
    ? null
    : { date: dateFormat.format(date), time: timeFormat.format(date) };
}
