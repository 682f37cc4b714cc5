/** Page arithmetic shared by tables: page counts, clamping, slicing and the page-button window. */

/** The ellipsis placed in a pagination window where pages are skipped. */
export const PAGINATION_ELLIPSIS = '…';

/** An entry of a pagination window: a page number (1-based) or an ellipsis. */
export type PaginationItem = number | typeof PAGINATION_ELLIPSIS;

/** Number of pages for `total` items (at least 1, so an empty table still has page 1). */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/** Keeps a 1-based page inside 1..count (used when the data shrinks under the current page). */
export function clampPage(page: number, count: number): number {
  if (!Number.isFinite(page)) return 1;
  return Math.min(Math.max(1, Math.trunc(page)), Math.max(1, count));
}

/** The items of one 1-based page. */
export function pageSlice<T>(items: readonly T[], page: number, pageSize: number): T[] {
  const start = (page - 1) * pageSize;
  return items.slice(start, start + pageSize);
}

/**
 * Page buttons to show: the first and last pages and `siblings` pages on each side of the current
 * one, with an ellipsis for each skipped run. A run of a single page shows that page instead,
 * since an ellipsis would take the same room.
 * @example paginationWindow(6, 20) // [1, '…', 4, 5, 6, 7, 8, '…', 20]
 */
export function paginationWindow(current: number, count: number, siblings = 2): PaginationItem[] {
  const total = Math.max(1, count);
  const page = clampPage(current, total);
  const pages = new Set<number>([1, total]);
  for (let p = page - siblings; p <= page + siblings; p++) if (p >= 1 && p <= total) pages.add(p);
  const sorted = [...pages].sort((a, b) => a - b);
  const items: PaginationItem[] = [];
  let previous = 0;
  for (const p of sorted) {
    if (p - previous === 2) items.push(p - 1);
    else if (p - previous > 2) items.push(PAGINATION_ELLIPSIS);
    items.push(p);
    previous = p;
  }
  return items;
}
