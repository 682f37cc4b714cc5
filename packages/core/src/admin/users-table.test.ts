import { describe, expect, it } from 'vitest';
import { PAGINATION_ELLIPSIS as E } from '../tables/pagination';
import { createTableStore, tableView, toUserRows, USERS_PAGE_SIZE, type UserColumn } from './users-table';

const profiles = Array.from({ length: 60 }, (_, index) => ({
  email: `user${String(index + 1).padStart(2, '0')}@example.com`,
  name: `User ${60 - index}`,
  role: index % 2 === 0 ? 'STAFF' : 'PGA',
}));

describe('toUserRows', () => {
  it('maps server profiles to table rows in their order', () => {
    expect(toUserRows([{ email: 'a@example.com', name: 'A', role: 'STAFF' }])).toEqual([
      { userEmail: 'a@example.com', userName: 'A', userRole: 'STAFF' },
    ]);
  });
});

describe('users table', () => {
  const rows = toUserRows(profiles);

  it('shows 25 rows per page', () => {
    expect(USERS_PAGE_SIZE).toBe(25);
    const view = tableView(rows, { sort: { column: null, direction: 'none' }, page: 3 }, USERS_PAGE_SIZE);
    expect(view.pageCount).toBe(3);
    expect(view.rows).toHaveLength(10);
    expect(view.rows[0]?.userEmail).toBe('user51@example.com');
    expect(view.hasNextPage).toBe(false);
    expect(view.hasPreviousPage).toBe(true);
  });

  it('sorts a column ascending, descending, then restores the original order', () => {
    const store = createTableStore<UserColumn>();
    const first = () => tableView(rows, store.getSnapshot(), USERS_PAGE_SIZE).rows[0]?.userName;
    expect(first()).toBe('User 60');
    store.toggleSort('userName');
    expect(first()).toBe('User 1');
    expect(tableView(rows, store.getSnapshot(), USERS_PAGE_SIZE).directionOf('userName')).toBe('ascending');
    store.toggleSort('userName');
    expect(first()).toBe('User 60');
    expect(tableView(rows, store.getSnapshot(), USERS_PAGE_SIZE).directionOf('userName')).toBe('descending');
    store.toggleSort('userName');
    expect(tableView(rows, store.getSnapshot(), USERS_PAGE_SIZE).rows.map((row) => row.userEmail)).toEqual(
      rows.slice(0, 25).map((row) => row.userEmail),
    );
  });

  it('goes back to page 1 when the sort changes', () => {
    const store = createTableStore<UserColumn>();
    store.setPage(3);
    store.toggleSort('userRole');
    expect(store.getSnapshot().page).toBe(1);
  });

  it('clamps the page when the data shrinks under it', () => {
    const view = tableView(rows.slice(0, 30), { sort: { column: null, direction: 'none' }, page: 3 }, 25);
    expect(view.page).toBe(2);
    expect(view.rows).toHaveLength(5);
    const empty = tableView([], { sort: { column: null, direction: 'none' }, page: 3 }, 25);
    expect([empty.page, empty.pageCount, empty.rows, empty.pages]).toEqual([1, 1, [], [1]]);
  });

  it('shows the pagination window around the current page', () => {
    const many = toUserRows(
      Array.from({ length: 500 }, (_, index) => ({
        email: `${index}@x.io`,
        name: `${index}`,
        role: 'STAFF',
      })),
    );
    expect(tableView(many, { sort: { column: null, direction: 'none' }, page: 6 }, 25).pages).toEqual([
      1,
      E,
      4,
      5,
      6,
      7,
      8,
      E,
      20,
    ]);
  });
});
