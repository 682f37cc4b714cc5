import { formatDateAndTime } from './formatTime';

export interface TableTimeProps {
  /** The timestamp; nothing (`absent` is shown) when null or undefined. */
  isoTime: string | null | undefined;
  /** Shown when there is no timestamp. @default '—' */
  absent?: string;
  /** Formats the time as one string. By default the medium date and short time in the user's locale, kept apart so a narrow column puts the time under the date. */
  formatTime?: (isoTime: string) => string;
}

/** A timestamp in a table cell, as a `<time>` element. */
export function TableTime({ isoTime, absent = '—', formatTime }: TableTimeProps) {
  if (!isoTime) return <>{absent}</>;
  const parts = formatTime ? null : formatDateAndTime(isoTime);
  return (
    <time dateTime={isoTime}>
      {parts ? (
        <>
          <span className="da-nowrap">{`${parts.date},`}</span>{' '}
          <span className="da-nowrap">{parts.time}</span>
        </>
      ) : (
        (formatTime?.(isoTime) ?? isoTime)
      )}
    </time>
  );
}
