/** Column sorting that cycles ascending -> descending -> none, restoring the original order on none. */

/** Direction of a sorted column; `none` keeps the data's original order. */
export type SortDirection = 'ascending' | 'descending' | 'none';

/** Which column is sorted and how. */
export interface SortState<Column extends string = string> {
  column: Column | null;
  direction: SortDirection;
}

/** No column sorted. */
export const UNSORTED: SortState<never> = { column: null, direction: 'none' };

/** The direction after `direction` in the cycle ascending -> descending -> none -> ascending. */
export function nextSortDirection(direction: SortDirection): SortDirection {
  if (direction === 'none') return 'ascending';
  if (direction === 'ascending') return 'descending';
  return 'none';
}

/**
 * The sort after pressing a column header: the same column advances its cycle; another column
 * starts at ascending.
 */
export function cycleSort<Column extends string>(sort: SortState<Column>, column: Column): SortState<Column> {
  if (sort.column !== column || sort.direction === 'none') return { column, direction: 'ascending' };
  const direction = nextSortDirection(sort.direction);
  return direction === 'none' ? { column: null, direction } : { column, direction };
}

/** The sort direction a column shows (for `aria-sort`): its own direction, or `none`. */
export function columnSortDirection<Column extends string>(
  sort: SortState<Column>,
  column: Column,
): SortDirection {
  return sort.column === column ? sort.direction : 'none';
}

const collator = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true });

function isEmptyValue(value: unknown): boolean {
  return value === null || value === undefined || value === '';
}

/** Compares two cell values: numbers numerically, anything else as text by locale, case-insensitively. */
export function compareValues(a: unknown, b: unknown): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return collator.compare(String(a ?? ''), String(b ?? ''));
}

/**
 * Sorts rows by a column without changing the input. Equal rows keep their original order, empty
 * cells go last in both directions, and `none` returns the rows in their original order.
 */
export function sortRows<Row, Column extends string & keyof Row>(
  rows: readonly Row[],
  sort: SortState<Column>,
): Row[] {
  const { column, direction } = sort;
  if (column === null || direction === 'none') return [...rows];
  const sign = direction === 'ascending' ? 1 : -1;
  return rows
    .map((row, index) => ({ row, index }))
    .sort((a, b) => {
      const aEmpty = isEmptyValue(a.row[column]);
      const bEmpty = isEmptyValue(b.row[column]);
      if (aEmpty || bEmpty) return aEmpty === bEmpty ? a.index - b.index : aEmpty ? 1 : -1;
      return sign * compareValues(a.row[column], b.row[column]) || a.index - b.index;
    })
    .map(({ row }) => row);
}
