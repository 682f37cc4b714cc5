/**
 * The Code Review screen's rules as pure functions (spec sections 3, 4, 5 and 9): which file status
 * allows what, the filter and the pages of the file list, the review tree built from the review JSON
 * and its indentation. No React, no network.
 */
import type { components, ReviewFile, ReviewFileJson } from '@digital-assistant/sdk';
import { clampPage, pageCount, pageSlice } from '../tables/pagination';

/** Review files per page (spec section 9). */
export const REVIEW_PAGE_SIZE = 20;
/** Indentation of the review tree: 10px, plus 10px per level... */
export const REVIEW_TREE_INDENT_PX = 10;
/** ...up to this level (spec section 9). */
export const REVIEW_TREE_MAX_INDENT_LEVEL = 8;
/** Pixels left above a section a tree link scrolls to (spec section 9). */
export const REVIEW_SCROLL_OFFSET_PX = 65;
/** How often (ms) the list refreshes by itself while a review is pending. */
export const REVIEW_POLL_INTERVAL_MS = 2000;
/** For the file input's `accept`. */
export const REVIEW_FILE_ACCEPT = '.zip,application/zip,application/x-zip-compressed';

/** How a file's status is shown: the spec's three; any other value shows as failed. */
export type ReviewStatusKind = 'success' | 'pending' | 'failed';

/** One function of the review JSON (with the server's extension fields when it sends them). */
export type ReviewFunctionData = components['schemas']['ReviewFunction'];
/** One suggestion of a function (extension). */
export type ReviewFinding = components['schemas']['ReviewFinding'];

/** The status kind of any status string (spec section 4: "anything else shows a failed icon"). */
export function reviewStatusKind(status: string): ReviewStatusKind {
  return status === 'success' || status === 'pending' ? status : 'failed';
}

/** Only files whose review succeeded can be viewed (spec section 4). */
export function canViewReviewFile(file: Pick<ReviewFile, 'status'>): boolean {
  return reviewStatusKind(file.status) === 'success';
}

/** Only files whose review succeeded can be downloaded (spec section 4). */
export function canDownloadReviewFile(file: Pick<ReviewFile, 'status'>): boolean {
  return reviewStatusKind(file.status) === 'success';
}

/** Pending files cannot be deleted (spec section 4). */
export function canDeleteReviewFile(file: Pick<ReviewFile, 'status'>): boolean {
  return reviewStatusKind(file.status) !== 'pending';
}

/** The status as a person reads it: 'Success', 'Pending (3/12 files)', 'Failed'. */
export function reviewStatusLabel(file: Pick<ReviewFile, 'status' | 'progress'>): string {
  const kind = reviewStatusKind(file.status);
  if (kind === 'pending') {
    const progress = file.progress;
    return progress && progress.total > 0 ? `Pending (${progress.done}/${progress.total} files)` : 'Pending';
  }
  return kind === 'success' ? 'Success' : 'Failed';
}

/** Case-insensitive substring match on the file name (spec section 5). */
export function filterReviewFiles<T extends Pick<ReviewFile, 'filename'>>(
  files: readonly T[],
  filter: string,
): T[] {
  const needle = filter.trim().toLowerCase();
  return needle ? files.filter((file) => file.filename.toLowerCase().includes(needle)) : [...files];
}

/** One page of the filtered list. */
export interface ReviewPage<T> {
  /** The files of the page shown. */
  items: T[];
  /** The page shown (1-based, kept inside the pages there are). */
  page: number;
  /** Pages of the filtered list (at least 1). */
  pageCount: number;
  /** Files matching the filter. */
  itemCount: number;
  /** '(2/3)': the page and the number of pages (spec section 2). */
  pageLabel: string;
  /** '45 items' (a count of the files matching the filter). */
  itemCountLabel: string;
}

/** The filtered files' page `page` (20 per page), the page clamped to the pages there are. */
export function reviewPage<T extends Pick<ReviewFile, 'filename'>>(
  files: readonly T[],
  filter: string,
  page: number,
  pageSize = REVIEW_PAGE_SIZE,
): ReviewPage<T> {
  const filtered = filterReviewFiles(files, filter);
  const count = pageCount(filtered.length, pageSize);
  const current = clampPage(page, count);
  return {
    items: pageSlice(filtered, current, pageSize),
    page: current,
    pageCount: count,
    itemCount: filtered.length,
    pageLabel: `(${current}/${count})`,
    itemCountLabel: filtered.length === 1 ? '1 item' : `${filtered.length} items`,
  };
}

/** The last page of a list of `count` files. */
export function lastReviewPage(count: number, pageSize = REVIEW_PAGE_SIZE): number {
  return pageCount(count, pageSize);
}

/** Left padding (px) of a tree row at `level` (0 at the top): 10px plus 10px per level, capped at 8. */
export function reviewTreeIndent(level: number): number {
  return (
    REVIEW_TREE_INDENT_PX + REVIEW_TREE_INDENT_PX * Math.min(Math.max(0, level), REVIEW_TREE_MAX_INDENT_LEVEL)
  );
}

/** A folder or file of the review tree. */
export interface ReviewTreeBranch {
  kind: 'folder' | 'file';
  /** The path from the review's root, unique in the tree: 'shop/cart.py'. */
  id: string;
  name: string;
  level: number;
  children: ReviewTreeNode[];
  /** A file that is not valid Python: why (extension), and it has no functions. */
  error?: string;
}

/** A function of the review tree. */
export interface ReviewTreeFunction {
  kind: 'function';
  /** Unique in the tree: 'shop/cart.py#Cart.total:4'. */
  id: string;
  name: string;
  /** With its classes and enclosing functions when the server says: 'Cart.total'. */
  qualifiedName: string;
  level: number;
  /** The path of its file. */
  filePath: string;
  function: ReviewFunctionData;
}

export type ReviewTreeNode = ReviewTreeBranch | ReviewTreeFunction;

/**
 * The tree of folders, files and functions of a review JSON (spec section 3), with a unique id and
 * the level of every node (the review's top items are level 0).
 */
export function buildReviewTree(review: ReviewFileJson): ReviewTreeNode[] {
  const build = (items: ReviewFileJson['contents'], parentPath: string, level: number): ReviewTreeNode[] =>
    items.map((item) => {
      const id = parentPath ? `${parentPath}/${item.name}` : item.name;
      if (item.type === 'folder') {
        return { kind: 'folder', id, name: item.name, level, children: build(item.contents, id, level + 1) };
      }
      const seen = new Map<string, number>();
      const children = item.functions.map((fn): ReviewTreeFunction => {
        const qualifiedName = fn.qualifiedName ?? fn.name;
        const base = `${id}#${qualifiedName}${fn.line === undefined ? '' : `:${fn.line}`}`;
        const repeat = seen.get(base) ?? 0;
        seen.set(base, repeat + 1);
        return {
          kind: 'function',
          id: repeat === 0 ? base : `${base}~${repeat}`,
          name: fn.name,
          qualifiedName,
          level: level + 1,
          filePath: item.path ?? id,
          function: fn,
        };
      });
      return {
        kind: 'file',
        id,
        name: item.name,
        level,
        children,
        ...(item.error ? { error: item.error } : {}),
      };
    });
  return build(review.contents, '', 0);
}

/** Every node of the tree, depth first. */
export function walkReviewTree(nodes: readonly ReviewTreeNode[]): ReviewTreeNode[] {
  return nodes.flatMap((node) =>
    node.kind === 'function' ? [node] : [node, ...walkReviewTree(node.children)],
  );
}

/** The first function of the tree, depth first, or `null` when it has none. */
export function firstReviewFunction(nodes: readonly ReviewTreeNode[]): ReviewTreeFunction | null {
  return walkReviewTree(nodes).find((node): node is ReviewTreeFunction => node.kind === 'function') ?? null;
}

/** Files beyond which a review opens with only its top level expanded. */
const EXPAND_ALL_MAX_FILES = 30;

/**
 * The folders and files expanded when a review opens: all of them in a small review, the top level
 * and the path to the first function in a larger one.
 */
export function initiallyExpanded(nodes: readonly ReviewTreeNode[]): string[] {
  const all = walkReviewTree(nodes);
  const branches = all.filter((node): node is ReviewTreeBranch => node.kind !== 'function');
  if (branches.filter((node) => node.kind === 'file').length <= EXPAND_ALL_MAX_FILES) {
    return branches.map((node) => node.id);
  }
  const first = firstReviewFunction(nodes);
  const onPath = first
    ? branches.filter((node) => first.id.startsWith(`${node.id}/`) || first.id.startsWith(`${node.id}#`))
    : [];
  return [...new Set([...branches.filter((node) => node.level === 0), ...onPath].map((node) => node.id))];
}

/** Whether a file's name is a .zip (spec section 5: only .zip is accepted). */
export function isZipFileName(name: string): boolean {
  return /\.zip$/i.test(name.trim());
}
