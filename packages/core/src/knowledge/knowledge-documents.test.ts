import { describe, expect, it } from 'vitest';
import {
  countDocumentsInProgress,
  departmentLabel,
  departmentsLabel,
  documentsRefetchInterval,
  isDocumentInProgress,
  statusCellState,
} from './knowledge-documents';

describe('the File Status rules', () => {
  it("styles exactly 'Ready' as ready and anything else as not ready", () => {
    expect(statusCellState('Ready')).toBe('ready');
    for (const status of [
      'ready',
      'READY',
      'Ready ',
      'Queued',
      'Parsing',
      'Failed',
      'No text to index',
      '',
    ]) {
      expect(statusCellState(status)).toBe('not-ready');
    }
  });

  it('counts queued and parsing documents as in progress, by state or by status text', () => {
    expect(isDocumentInProgress({ document: 'a', status: 'Queued', state: 'queued' })).toBe(true);
    expect(isDocumentInProgress({ document: 'a', status: 'Parsing', state: 'parsing' })).toBe(true);
    expect(isDocumentInProgress({ document: 'a', status: 'Failed', state: 'failed' })).toBe(false);
    // A server that sends only the spec's { document, status }.
    expect(isDocumentInProgress({ document: 'a', status: 'Parsing' })).toBe(true);
    expect(isDocumentInProgress({ document: 'a', status: 'READY_FOR_PARSING' })).toBe(false);
    expect(
      countDocumentsInProgress([
        { document: 'a', status: 'Queued' },
        { document: 'b', status: 'Ready' },
        { document: 'c', status: 'Parsing' },
      ]),
    ).toBe(2);
  });

  it('refreshes every 2 s while a document is in progress and stops once none is', () => {
    expect(documentsRefetchInterval([{ document: 'a', status: 'Queued' }])).toBe(2000);
    expect(documentsRefetchInterval([{ document: 'a', status: 'Queued' }], 500)).toBe(500);
    expect(documentsRefetchInterval([{ document: 'a', status: 'Ready' }])).toBe(false);
    expect(documentsRefetchInterval([])).toBe(false);
    expect(documentsRefetchInterval(undefined)).toBe(false);
  });

  it('names departments as people know them; Knowledge means all of them', () => {
    expect(departmentLabel('devops_preprod')).toBe('DevOps');
    expect(departmentLabel('cs_preprod')).toBe('CS');
    expect(departmentLabel('marketing')).toBe('marketing');
    expect(departmentsLabel(['it', 'pga'])).toBe('IT, PGA');
    expect(departmentsLabel(['knowledge'])).toBe('All departments');
    expect(departmentsLabel(['it', 'knowledge'])).toBe('All departments');
    expect(departmentsLabel(undefined)).toBe('All departments');
  });
});
