const dateTimeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** A timestamp as a medium date and short time in the user's locale; text that is not a date is shown as is. */
export function defaultFormatTime(isoTime: string): string {
  const date = new Date(isoTime);
  return Number.isNaN(date.getTime()) ? isoTime : dateTimeFormat.format(date);
}
