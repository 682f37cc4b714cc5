// Reading ELK questions without a model: environment, tenant, metrics and period, against the names
// the metrics source holds, and follow-ups resolved against the session.
import { describe, expect, it } from 'vitest';
import { chooseInterval } from './metrics.js';
import { parseQuestion } from './parse.js';
import { readPeriod, shiftPeriod } from './period.js';
import { resolveQuestion } from './session.js';

const catalog = { environments: ['prod', 'staging', 'dev'], tenants: ['acme', 'globex', 'initech'] };
// Monday 23 November 2026, 14:40 UTC.
const now = new Date('2026-11-23T14:40:00Z');
const day = 86_400_000;

const periodOf = (text: string) => {
  const reading = readPeriod(text, now);
  if (!reading || !('period' in reading))
    throw new Error(`no period in "${text}": ${JSON.stringify(reading)}`);
  return {
    from: reading.period.from.toISOString(),
    to: reading.period.to.toISOString(),
    label: reading.period.label,
  };
};

describe('ELK question parser', () => {
  it('reads environment, tenant, metrics and a relative period', () => {
    const parts = parseQuestion('CPU and memory for tenant acme in prod over the last 7 days', catalog, now);
    expect(parts).toMatchObject({ environment: 'prod', tenant: 'acme', metrics: ['cpu', 'memory'] });
    expect(parts.period?.to.toISOString()).toBe(now.toISOString());
    expect(parts.period?.from.toISOString()).toBe(new Date(now.getTime() - 7 * day).toISOString());
    expect(parts.period?.label).toBe('the last 7 days');
  });

  it('knows the usual names of environments and metrics, in any case', () => {
    expect(
      parseQuestion('Globex PRODUCTION error rate and p95 latency past 24 hours', catalog, now),
    ).toMatchObject({
      environment: 'prod',
      tenant: 'globex',
      metrics: ['error_rate', 'p95_latency'],
    });
    expect(parseQuestion('request count for initech on stage', catalog, now)).toMatchObject({
      environment: 'staging',
      tenant: 'initech',
      metrics: ['requests'],
    });
    expect(parseQuestion('all metrics for dev', catalog, now).metrics).toEqual([
      'cpu',
      'memory',
      'requests',
      'error_rate',
      'p95_latency',
    ]);
    expect(parseQuestion('response times of acme', catalog, now).metrics).toEqual(['p95_latency']);
  });

  it('reports a tenant or environment it does not know', () => {
    expect(parseQuestion('cpu for tenant umbrella in prod last 2 days', catalog, now)).toMatchObject({
      environment: 'prod',
      unknownTenant: 'umbrella',
    });
    expect(parseQuestion('memory in environment qa yesterday', catalog, now).unknownEnvironment).toBe('qa');
  });

  it('reads a name it does not know after for/of/in/on as unknown, not as nothing', () => {
    // Without "tenant": beside a known environment it is a tenant; alone, either.
    expect(parseQuestion('cpu for umbrella in prod over the last 2 days', catalog, now)).toMatchObject({
      environment: 'prod',
      unknownTenant: 'umbrella',
    });
    expect(parseQuestion('and for Umbrella?', catalog, now)).toEqual({ unknownName: 'umbrella' });
    expect(parseQuestion('error rate in qa yesterday', catalog, now).unknownName).toBe('qa');
    // Common words there name nothing.
    for (const question of [
      'cpu for the last 7 days in prod',
      'memory of acme in total for a week',
      'p95 latency of api calls for initech on monday',
      'number of requests in dev for two weeks',
      'average of cpu in production in november',
      'response times of globex for each environment',
    ]) {
      const parts = parseQuestion(question, catalog, now);
      expect(parts.unknownName, question).toBeUndefined();
      expect(parts.unknownTenant, question).toBeUndefined();
    }
  });

  it('finds nothing in a greeting or another subject', () => {
    expect(parseQuestion('hello', catalog, now)).toEqual({});
    expect(parseQuestion('what is the weather like?', catalog, now)).toEqual({});
  });

  it('reads relative periods: hours, days, weeks, yesterday, today, this week, since a weekday', () => {
    expect(periodOf('last 6 hours')).toMatchObject({
      from: '2026-11-23T08:40:00.000Z',
      label: 'the last 6 hours',
    });
    expect(periodOf('over the past day')).toMatchObject({
      from: '2026-11-22T14:40:00.000Z',
      label: 'the last day',
    });
    expect(periodOf('past two weeks').from).toBe('2026-11-09T14:40:00.000Z');
    expect(periodOf('cpu last 48h')).toMatchObject({ from: '2026-11-21T14:40:00.000Z' });
    expect(periodOf('yesterday')).toMatchObject({
      from: '2026-11-22T00:00:00.000Z',
      to: '2026-11-23T00:00:00.000Z',
    });
    expect(periodOf('today')).toMatchObject({ from: '2026-11-23T00:00:00.000Z', to: now.toISOString() });
    // Monday: this week starts today.
    expect(periodOf('this week').from).toBe('2026-11-23T00:00:00.000Z');
    expect(periodOf('since Thursday')).toMatchObject({
      from: '2026-11-19T00:00:00.000Z',
      to: now.toISOString(),
    });
    expect(periodOf('since monday').from).toBe('2026-11-23T00:00:00.000Z');
    expect(periodOf('last week')).toMatchObject({
      from: '2026-11-16T00:00:00.000Z',
      to: '2026-11-23T00:00:00.000Z',
    });
  });

  it('reads absolute dates and ranges', () => {
    expect(periodOf('on 2026-11-20')).toEqual({
      from: '2026-11-20T00:00:00.000Z',
      to: '2026-11-21T00:00:00.000Z',
      label: '2026-11-20',
    });
    expect(periodOf('from 2026-11-01 to 2026-11-07')).toMatchObject({
      from: '2026-11-01T00:00:00.000Z',
      to: '2026-11-08T00:00:00.000Z',
    });
    expect(periodOf('between Nov 3 and Nov 5')).toMatchObject({
      from: '2026-11-03T00:00:00.000Z',
      to: '2026-11-06T00:00:00.000Z',
    });
    expect(periodOf('on 20 November')).toMatchObject({ from: '2026-11-20T00:00:00.000Z' });
    expect(periodOf('Nov 16-18')).toMatchObject({
      from: '2026-11-16T00:00:00.000Z',
      to: '2026-11-19T00:00:00.000Z',
      label: '2026-11-16 to 2026-11-18',
    });
    expect(periodOf('cpu 2-4 October 2026').from).toBe('2026-10-02T00:00:00.000Z');
    // A day later in the year than today is last year's.
    expect(periodOf('December 24').from).toBe('2025-12-24T00:00:00.000Z');
    expect(periodOf('since 2026-11-20')).toMatchObject({
      from: '2026-11-20T00:00:00.000Z',
      to: now.toISOString(),
    });
    // A range ending today stops now.
    expect(periodOf('2026-11-22 to 2026-11-23').to).toBe(now.toISOString());
  });

  it('reads years before 100 as written, not as 19xx', () => {
    // "from" a day with no end reads as "since" it.
    expect(periodOf('from 0001-01-01')).toEqual({
      from: '0001-01-01T00:00:00.000Z',
      to: now.toISOString(),
      label: 'since 0001-01-01',
    });
    expect(periodOf('from 20 Nov').label).toBe('since 2026-11-20');
    expect(periodOf('from 0099-12-31 to 0100-01-01')).toEqual({
      from: '0099-12-31T00:00:00.000Z',
      to: '0100-01-02T00:00:00.000Z',
      label: '0099-12-31 to 0100-01-01',
    });
    expect(periodOf('on 5 March 0012')).toMatchObject({ from: '0012-03-05T00:00:00.000Z' });
    // 0012 is a leap year; 0100 is not; there is no year 0.
    expect(periodOf('on 0012-02-29').label).toBe('0012-02-29');
    expect(readPeriod('on 0100-02-29', now)).toEqual({ invalid: 'That date does not exist.' });
    expect(readPeriod('since 0000-01-01', now)).toEqual({ invalid: 'That date does not exist.' });
  });

  it('refuses periods that cannot be', () => {
    expect(readPeriod('from 2026-11-07 to 2026-11-01', now)).toEqual({
      invalid: 'The period ends before it starts.',
    });
    expect(readPeriod('on 2026-02-30', now)).toEqual({ invalid: 'That date does not exist.' });
    expect(readPeriod('on 2027-01-05', now)).toMatchObject({ invalid: expect.stringContaining('future') });
  });

  it('follow-ups keep the session and change what they name', () => {
    const first = resolveQuestion(
      parseQuestion('CPU and memory for tenant acme in prod over the last 7 days', catalog, now),
      {},
    );
    expect(first.missing).toEqual([]);
    const staging = resolveQuestion(parseQuestion('and in staging?', catalog, now), first.state);
    expect(staging.missing).toEqual([]);
    expect(staging.state).toMatchObject({
      environment: 'staging',
      tenant: 'acme',
      metrics: ['cpu', 'memory'],
    });
    expect(staging.period?.from.toISOString()).toBe(first.period?.from.toISOString());

    const before = resolveQuestion(parseQuestion('and the week before?', catalog, now), staging.state);
    expect(before.period?.to.toISOString()).toBe(first.period?.from.toISOString());
    expect(before.period?.from.toISOString()).toBe(new Date(now.getTime() - 14 * day).toISOString());
    expect(before.state).toMatchObject({ environment: 'staging', tenant: 'acme' });

    const errors = resolveQuestion(
      parseQuestion('what about error rate for globex?', catalog, now),
      before.state,
    );
    expect(errors.state).toMatchObject({ tenant: 'globex', metrics: ['error_rate'], environment: 'staging' });
  });

  it('says what a question still lacks', () => {
    expect(resolveQuestion(parseQuestion('how is it going?', catalog, now), {}).missing).toEqual([
      'target',
      'metrics',
      'period',
    ]);
    expect(resolveQuestion(parseQuestion('cpu for acme', catalog, now), {}).missing).toEqual(['period']);
    expect(resolveQuestion(parseQuestion('and the day before?', catalog, now), {}).problems[0]).toMatch(
      /no earlier period/,
    );
  });

  it('shifts a period back by its length, or by the unit named', () => {
    const period = {
      from: new Date('2026-11-20T00:00:00Z'),
      to: new Date('2026-11-21T00:00:00Z'),
      label: 'x',
    };
    expect(shiftPeriod(period, { label: 'the period before' }).from.toISOString()).toBe(
      '2026-11-19T00:00:00.000Z',
    );
    expect(shiftPeriod(period, { lengthMs: 7 * day, label: 'the week before' }).from.toISOString()).toBe(
      '2026-11-13T00:00:00.000Z',
    );
  });

  it('chooses a bucket interval that fits the period (at most 48 buckets)', () => {
    const interval = (ms: number) => chooseInterval(new Date(now.getTime() - ms), now).name;
    expect(interval(3_600_000)).toBe('5m');
    expect(interval(day)).toBe('30m');
    expect(interval(7 * day)).toBe('6h');
    expect(interval(30 * day)).toBe('1d');
    expect(interval(200 * day)).toBe('7d');
  });
});
