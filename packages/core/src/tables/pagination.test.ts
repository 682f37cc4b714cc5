import { describe, expect, it } from 'vitest';
import { clampPage, PAGINATION_ELLIPSIS as E, pageCount, pageSlice, paginationWindow } from './pagination';

describe('paginationWindow', () => {
  it('shows first, last and two pages around the current one, with ellipses', () => {
    expect(paginationWindow(6, 20)).toEqual([1, E, 4, 5, 6, 7, 8, E, 20]);
  });

  it('does not repeat the ends near the edges', () => {
    expect(paginationWindow(1, 20)).toEqual([1, 2, 3, E, 20]);
    expect(paginationWindow(20, 20)).toEqual([1, E, 18, 19, 20]);
    expect(paginationWindow(3, 20)).toEqual([1, 2, 3, 4, 5, E, 20]);
  });

  it('shows a single skipped page instead of an ellipsis', () => {
    expect(paginationWindow(5, 20)).toEqual([1, 2, 3, 4, 5, 6, 7, E, 20]);
  });

  it('lists every page when there are few', () => {
    expect(paginationWindow(1, 1)).toEqual([1]);
    expect(paginationWindow(2, 4)).toEqual([1, 2, 3, 4]);
    expect(paginationWindow(1, 0)).toEqual([1]);
  });

  it('clamps a current page beyond the last', () => {
    expect(paginationWindow(30, 3)).toEqual([1, 2, 3]);
  });
});

describe('page arithmetic', () => {
  it('counts at least one page', () => {
    expect(pageCount(0, 25)).toBe(1);
    expect(pageCount(25, 25)).toBe(1);
    expect(pageCount(26, 25)).toBe(2);
  });

  it('clamps pages into range', () => {
    expect(clampPage(5, 3)).toBe(3);
    expect(clampPage(0, 3)).toBe(1);
    expect(clampPage(Number.NaN, 3)).toBe(1);
  });

  it('slices one page', () => {
    const items = Array.from({ length: 30 }, (_, index) => index);
    expect(pageSlice(items, 2, 25)).toEqual([25, 26, 27, 28, 29]);
  });
});
