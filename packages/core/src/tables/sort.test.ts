import { describe, expect, it } from 'vitest';
import { columnSortDirection, cycleSort, type SortState, sortRows, UNSORTED } from './sort';

type Column = 'name' | 'role';
const rows = [
  { name: 'carol', role: 'STAFF' },
  { name: 'Alice', role: 'PGA' },
  { name: 'bob', role: '' },
  { name: 'alice', role: 'STAFF' },
];

describe('cycleSort', () => {
  it('cycles a column ascending, descending, then none', () => {
    let sort: SortState<Column> = UNSORTED;
    sort = cycleSort(sort, 'name');
    expect(sort).toEqual({ column: 'name', direction: 'ascending' });
    sort = cycleSort(sort, 'name');
    expect(sort).toEqual({ column: 'name', direction: 'descending' });
    sort = cycleSort(sort, 'name');
    expect(sort).toEqual(UNSORTED);
    expect(cycleSort(sort, 'name').direction).toBe('ascending');
  });

  it('starts another column at ascending', () => {
    expect(cycleSort({ column: 'name', direction: 'descending' }, 'role')).toEqual({
      column: 'role',
      direction: 'ascending',
    });
  });

  it('reports a direction only for the sorted column', () => {
    const sort: SortState<Column> = { column: 'name', direction: 'descending' };
    expect(columnSortDirection(sort, 'name')).toBe('descending');
    expect(columnSortDirection(sort, 'role')).toBe('none');
  });
});

describe('sortRows', () => {
  it('sorts case-insensitively and keeps equal rows in their original order', () => {
    expect(sortRows(rows, { column: 'name', direction: 'ascending' }).map((row) => row.name)).toEqual([
      'Alice',
      'alice',
      'bob',
      'carol',
    ]);
    expect(sortRows(rows, { column: 'name', direction: 'descending' }).map((row) => row.name)).toEqual([
      'carol',
      'bob',
      'Alice',
      'alice',
    ]);
  });

  it('puts empty cells last in both directions', () => {
    expect(sortRows(rows, { column: 'role', direction: 'ascending' }).at(-1)?.name).toBe('bob');
    expect(sortRows(rows, { column: 'role', direction: 'descending' }).at(-1)?.name).toBe('bob');
  });

  it('restores the original order on none and never changes its input', () => {
    const copy = [...rows];
    sortRows(rows, { column: 'name', direction: 'ascending' });
    expect(rows).toEqual(copy);
    expect(sortRows(rows, UNSORTED)).toEqual(copy);
  });

  it('sorts numbers inside text numerically', () => {
    const numbered = [
      { name: 'user10', role: '' },
      { name: 'user9', role: '' },
    ];
    expect(sortRows(numbered, { column: 'name', direction: 'ascending' }).map((row) => row.name)).toEqual([
      'user9',
      'user10',
    ]);
  });
});
