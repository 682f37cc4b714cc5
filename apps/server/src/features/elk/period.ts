// Periods in plain words, read deterministically (UTC): relative ones ("last 6 hours", "past 2
// days", "yesterday", "this week", "since Monday") and absolute dates and ranges ("2026-11-20",
// "on 20 Nov", "from Nov 1 to Nov 7", "between 2026-11-01 and 2026-11-03"). Follow-ups that move
// the previous period ("the week before", "the day before", "before that") are shifts.

export interface Period {
  /** Inclusive start. */
  from: Date;
  /** Exclusive end. */
  to: Date;
  /** How the answer names it: "the last 7 days", "2026-11-20". */
  label: string;
}

/** A follow-up that moves the previous period back: `length` ms ending where it started. */
export interface PeriodShift {
  /** The new period's length; undefined: as long as the previous one. */
  lengthMs?: number;
  label: string;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const UNIT_MS: Record<string, number> = {
  minute: MINUTE,
  hour: HOUR,
  day: DAY,
  week: 7 * DAY,
  month: 30 * DAY,
};

const MONTHS = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];
const WEEKDAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];
const NUMBER_WORDS: Record<string, number> = {
  a: 1,
  an: 1,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  twelve: 12,
  fourteen: 14,
  thirty: 30,
};

/** Midnight UTC of a calendar day. Not `Date.UTC(year, ...)`: it reads years 0-99 as 1900-1999. */
function utcDay(year: number, month: number, day: number): Date {
  const date = new Date(0);
  date.setUTCFullYear(year, month, day);
  return date;
}
const startOfDay = (date: Date) => utcDay(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate());
const addMs = (date: Date, ms: number) => new Date(date.getTime() + ms);
export const isoDay = (date: Date) => date.toISOString().slice(0, 10);

function unitOf(word: string): string | undefined {
  const unit = word.toLowerCase().replace(/s$/, '');
  if (['min', 'minute', 'm'].includes(unit)) return 'minute';
  if (['hour', 'hr', 'h'].includes(unit)) return 'hour';
  if (['day', 'd'].includes(unit)) return 'day';
  if (['week', 'wk', 'w'].includes(unit)) return 'week';
  if (['month', 'mo'].includes(unit)) return 'month';
  return undefined;
}

const plural = (count: number, unit: string) => (count === 1 ? unit : `${count} ${unit}s`);

const MONTH_NAMES =
  'january|february|march|april|may|june|july|august|september|october|november|december|jan|feb|mar|apr|jun|jul|aug|sept|sep|oct|nov|dec';
const MONTH_PATTERN = `(${MONTH_NAMES})\\.?`;
const MONTH_WORD = `(?:${MONTH_NAMES})\\.?(?![a-z])`;
/** A date (one capture group): 2026-11-20, 20 Nov [2026], Nov 20[,] [2026]; 20/11/2026 is not read (ambiguous). */
const DATE_PATTERN = `(\\d{4}-\\d{2}-\\d{2}|\\d{1,2}(?:st|nd|rd|th)?\\s+${MONTH_WORD}(?:\\s+\\d{4})?|${MONTH_WORD}\\s+\\d{1,2}(?:st|nd|rd|th)?(?:,?\\s+\\d{4})?)`;

/** A calendar date in the text (UTC midnight), the year defaulting to the latest not after `now`. */
export function readDate(text: string, now: Date): Date | undefined {
  const value = text.trim().toLowerCase();
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (iso) return validDate(Number(iso[1]), Number(iso[2]) - 1, Number(iso[3]));
  const dayFirst = new RegExp(`^(\\d{1,2})(?:st|nd|rd|th)?\\s+${MONTH_PATTERN}(?:\\s+(\\d{4}))?$`).exec(
    value,
  );
  const monthFirst = new RegExp(`^${MONTH_PATTERN}\\s+(\\d{1,2})(?:st|nd|rd|th)?(?:,?\\s+(\\d{4}))?$`).exec(
    value,
  );
  let day: number;
  let month: number;
  let year: number | undefined;
  if (dayFirst) {
    day = Number(dayFirst[1]);
    month = monthIndex(dayFirst[2]!);
    year = dayFirst[3] ? Number(dayFirst[3]) : undefined;
  } else if (monthFirst) {
    month = monthIndex(monthFirst[1]!);
    day = Number(monthFirst[2]);
    year = monthFirst[3] ? Number(monthFirst[3]) : undefined;
  } else {
    return undefined;
  }
  if (year !== undefined) return validDate(year, month, day);
  const thisYear = validDate(now.getUTCFullYear(), month, day);
  if (thisYear && thisYear.getTime() <= now.getTime()) return thisYear;
  return validDate(now.getUTCFullYear() - 1, month, day);
}

function monthIndex(name: string): number {
  return MONTHS.findIndex((month) => month.startsWith(name.slice(0, 3)));
}

/** The day, or undefined when the calendar has no such day (nor year 0: 1 BC is followed by AD 1). */
function validDate(year: number, month: number, day: number): Date | undefined {
  if (year < 1) return undefined;
  const date = utcDay(year, month, day);
  return date.getUTCMonth() === month && date.getUTCDate() === day ? date : undefined;
}

export type PeriodReading = { period: Period } | { shift: PeriodShift } | { invalid: string } | undefined;

/**
 * The period a question names, if any. `invalid` when it names one that cannot be (an end before its
 * start, a date that does not exist, a period in the future).
 */
export function readPeriod(question: string, now: Date): PeriodReading {
  const text = question.toLowerCase().replace(/\s+/g, ' ');

  // Follow-ups moving the previous period back.
  const before =
    /\b(?:the\s+)?(previous|prior|preceding)\s+(hour|day|week|month)\b|\b(?:the\s+)?(hour|day|week|month)\s+before\b/.exec(
      text,
    );
  if (before) {
    const unit = (before[2] ?? before[3])!;
    return { shift: { lengthMs: UNIT_MS[unit], label: `the ${unit} before` } };
  }
  if (/\b(?:before that|the period before|previous period|same period before|one before)\b/.test(text)) {
    return { shift: { label: 'the period before' } };
  }

  // Ranges of dates: from X to Y, between X and Y, X to Y, X - Y.
  const range = new RegExp(
    `(?:from|between)?\\s*${DATE_PATTERN}\\s*(?:to|until|till|and|through|-|–)\\s*${DATE_PATTERN}`,
  ).exec(text);
  if (range) {
    const start = readDate(range[1]!, now);
    const end = readDate(range[2]!, now);
    if (!start || !end) return { invalid: 'That date does not exist.' };
    if (end.getTime() < start.getTime()) return { invalid: 'The period ends before it starts.' };
    return checkFuture(
      { from: start, to: addMs(end, DAY), label: `${isoDay(start)} to ${isoDay(end)}` },
      now,
    );
  }
  // Days of one month: "Nov 1-7", "1-7 November 2026".
  const days =
    new RegExp(`\\b(${MONTH_WORD})\\s+(\\d{1,2})\\s*(?:-|–|to)\\s*(\\d{1,2})(?:,?\\s+(\\d{4}))?\\b`).exec(
      text,
    ) ??
    new RegExp(`\\b(\\d{1,2})\\s*(?:-|–|to)\\s*(\\d{1,2})\\s+(${MONTH_WORD})(?:\\s+(\\d{4}))?\\b`).exec(text);
  if (days) {
    const monthFirst = /^[a-z]/.test(days[1]!);
    const [month, first, last] = monthFirst ? [days[1]!, days[2]!, days[3]!] : [days[3]!, days[1]!, days[2]!];
    const year = days[4] ? ` ${days[4]}` : '';
    return readPeriod(`from ${first} ${month}${year} to ${last} ${month}${year}`, now);
  }
  // "from X" with no end is "since X".
  const since = new RegExp(`\\b(?:since|from)\\s+${DATE_PATTERN}`).exec(text);
  if (since) {
    const start = readDate(since[1]!, now);
    if (!start) return { invalid: 'That date does not exist.' };
    return checkFuture({ from: start, to: now, label: `since ${isoDay(start)}` }, now);
  }
  const single = new RegExp(`(?:^|[^\\w-])${DATE_PATTERN}`).exec(text);
  if (single) {
    const day = readDate(single[1]!, now);
    if (!day) return { invalid: 'That date does not exist.' };
    return checkFuture({ from: day, to: addMs(day, DAY), label: isoDay(day) }, now);
  }

  // Relative periods.
  // "last week" is the calendar week before this one ("past week": the last 7 days).
  if (/\blast week\b/.test(text)) {
    const today = startOfDay(now);
    const monday = addMs(today, -((today.getUTCDay() + 6) % 7) * DAY);
    const start = addMs(monday, -7 * DAY);
    return {
      period: {
        from: start,
        to: monday,
        label: `last week (${isoDay(start)} to ${isoDay(addMs(monday, -DAY))})`,
      },
    };
  }
  const last =
    /\b(?:last|past|previous|over the last|in the last|for the last)\s+(\d+|[a-z]+)?\s*(minutes?|mins?|hours?|hrs?|h|days?|d|weeks?|wks?|w|months?|mo)\b/.exec(
      text,
    );
  if (last) {
    const unit = unitOf(last[2]!)!;
    const count = last[1] === undefined ? 1 : /^\d+$/.test(last[1]) ? Number(last[1]) : NUMBER_WORDS[last[1]];
    if (count !== undefined && count > 0 && count <= 400 * (DAY / UNIT_MS[unit]!)) {
      return {
        period: {
          from: addMs(now, -count * UNIT_MS[unit]!),
          to: now,
          label: `the last ${plural(count, unit)}`,
        },
      };
    }
    if (count !== undefined) return { invalid: 'That period is too long or empty.' };
  }
  const compact = /\b(\d+)\s*(h|d|w)\b/.exec(text);
  if (compact && /\b(last|past|over)\b/.test(text)) {
    const unit = unitOf(compact[2]!)!;
    const count = Number(compact[1]);
    if (count > 0 && count <= 400 * (DAY / UNIT_MS[unit]!)) {
      return {
        period: {
          from: addMs(now, -count * UNIT_MS[unit]!),
          to: now,
          label: `the last ${plural(count, unit)}`,
        },
      };
    }
  }
  const today = startOfDay(now);
  if (/\byesterday\b/.test(text)) {
    const start = addMs(today, -DAY);
    return { period: { from: start, to: today, label: `yesterday (${isoDay(start)})` } };
  }
  if (/\btoday\b/.test(text)) return { period: { from: today, to: now, label: 'today' } };
  if (/\bthis week\b/.test(text)) {
    const monday = addMs(today, -((today.getUTCDay() + 6) % 7) * DAY);
    return { period: { from: monday, to: now, label: `this week (since Monday ${isoDay(monday)})` } };
  }
  if (/\bthis month\b/.test(text)) {
    const first = utcDay(now.getUTCFullYear(), now.getUTCMonth(), 1);
    return { period: { from: first, to: now, label: `this month (since ${isoDay(first)})` } };
  }
  const weekday = /\bsince (?:last )?(sunday|monday|tuesday|wednesday|thursday|friday|saturday)\b/.exec(text);
  if (weekday) {
    const target = WEEKDAYS.indexOf(weekday[1]!);
    const back = (today.getUTCDay() - target + 7) % 7;
    const start = addMs(today, -back * DAY);
    const name = weekday[1]![0]!.toUpperCase() + weekday[1]!.slice(1);
    return { period: { from: start, to: now, label: `since ${name} (${isoDay(start)})` } };
  }
  return undefined;
}

function checkFuture(period: Period, now: Date): PeriodReading {
  if (period.from.getTime() >= now.getTime()) return { invalid: `${period.label} is in the future.` };
  return { period: { ...period, to: new Date(Math.min(period.to.getTime(), now.getTime())) } };
}

/** A period moved back by a follow-up: `shift.lengthMs` (or the same length) ending where `previous` started. */
export function shiftPeriod(previous: Period, shift: PeriodShift): Period {
  const length = shift.lengthMs ?? previous.to.getTime() - previous.from.getTime();
  const from = new Date(previous.from.getTime() - length);
  return {
    from,
    to: previous.from,
    label: `${isoDay(from)} to ${isoDay(addMs(previous.from, -1))} (${shift.label})`,
  };
}
