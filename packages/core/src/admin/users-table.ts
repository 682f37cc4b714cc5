/** The Users table: rows from the server's profiles, per-column sort, pages of 25. */

import type { UserProfile } from '@digital-assistant/sdk';
import { createStore, type ReadableStore } from '../store';
import { clampPage, type PaginationItem, pageCount, pageSlice, paginationWindow } from '../tables/pagination';
import {
  columnSortDirection,
  cycleSort,
  type SortDirection,
  type SortState,
  sortRows,
  UNSORTED,
} from '../tables/sort';

/** A user profile as `POST /api/users` lists it. */
export type { UserProfile };

/** Rows per page of the Users table. */
export const USERS_PAGE_SIZE = 25;

/** Whether a user may sign in (the deactivation extension): `Active` or `Deactivated`. */
export type UserStatus = 'Active' | 'Deactivated';

/** A row of the Users table. */
export interface UserRow {
  userEmail: string;
  userName: string;
  userRole: string;
  /** Present only when the server reports `is_active` (servers with deactivation). */
  userStatus?: UserStatus;
}

/** A sortable column of the Users table. */
export type UserColumn = keyof UserRow;

/** The Users table's columns, in display order. */
export const USER_COLUMNS: ReadonlyArray<{ id: UserColumn; label: string }> = [
  { id: 'userEmail', label: 'Email' },
  { id: 'userName', label: 'Name' },
  { id: 'userRole', label: 'Role' },
];

/**
 * The Status column, shown after Role when the server reports deactivation (`hasUserStatus`);
 * not one of the spec's {@link USER_COLUMNS}.
 */
export const USER_STATUS_COLUMN: { id: UserColumn; label: string } = { id: 'userStatus', label: 'Status' };

/**
 * Whether the server deactivates users: it lists profiles with `is_active` (an extension field; a
 * server without deactivation leaves it out, and then neither the Status column nor the
 * Deactivate/Reactivate actions are offered).
 */
export function hasUserStatus(profiles: readonly UserProfile[]): boolean {
  return profiles.some((profile) => typeof profile.is_active === 'boolean');
}

/** Maps server profiles to table rows, keeping their order. */
export function toUserRows(profiles: readonly UserProfile[]): UserRow[] {
  return profiles.map((profile) => {
    const row: UserRow = { userEmail: profile.email, userName: profile.name, userRole: profile.role };
    if (typeof profile.is_active === 'boolean') row.userStatus = profile.is_active ? 'Active' : 'Deactivated';
    return row;
  });
}

/** The part of a table's state a person changes: sort and (1-based) page. */
export interface TableState<Column extends string> {
  sort: SortState<Column>;
  page: number;
}

/** Everything a table needs to render one page. */
export interface TableView<Row, Column extends string> {
  /** Rows of the current page, sorted. */
  rows: Row[];
  totalCount: number;
  sort: SortState<Column>;
  /** Current page, clamped into 1..pageCount (so it follows the data when the data shrinks). */
  page: number;
  pageCount: number;
  /** Page buttons: first, last, 2 around the current, ellipses between. */
  pages: PaginationItem[];
  hasPreviousPage: boolean;
  hasNextPage: boolean;
  /** Direction a column shows, for `aria-sort` and its icon. */
  directionOf(column: Column): SortDirection;
}

/** Computes the visible page of a table: sort, clamp the page, slice. */
export function tableView<Row, Column extends string & keyof Row>(
  rows: readonly Row[],
  state: TableState<Column>,
  pageSize: number,
): TableView<Row, Column> {
  const count = pageCount(rows.length, pageSize);
  const page = clampPage(state.page, count);
  return {
    rows: pageSlice(sortRows(rows, state.sort), page, pageSize),
    totalCount: rows.length,
    sort: state.sort,
    page,
    pageCount: count,
    pages: paginationWindow(page, count),
    hasPreviousPage: page > 1,
    hasNextPage: page < count,
    directionOf: (column) => columnSortDirection(state.sort, column),
  };
}

/** Sort and page of a table, as a store; the view clamps the page against the data. */
export interface TableStore<Column extends string> extends ReadableStore<TableState<Column>> {
  /** Advances a column's sort cycle (ascending, descending, none) and goes back to page 1. */
  toggleSort(column: Column): void;
  setPage(page: number): void;
  reset(): void;
}

/** Creates the sort/page store of a table (initially unsorted, page 1). */
export function createTableStore<Column extends string>(): TableStore<Column> {
  const initial: TableState<Column> = { sort: UNSORTED, page: 1 };
  const store = createStore(initial);
  return {
    subscribe: store.subscribe,
    getSnapshot: store.getSnapshot,
    toggleSort: (column) => store.setState((state) => ({ sort: cycleSort(state.sort, column), page: 1 })),
    setPage: (page) => store.setState((state) => (state.page === page ? state : { ...state, page })),
    reset: () => store.setState(initial),
  };
}
