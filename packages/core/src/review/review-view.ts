/**
 * The review being viewed, apart from the Code Review list: the tree built from a review's JSON, the
 * folders shown open and the function shown. Pure transitions over {@link ReviewView}; the review
 * store holds the view and fetches the review (spec section 4: View).
 */
import type { ReviewFileJson } from '@digital-assistant/sdk';
import {
  buildReviewTree,
  firstReviewFunction,
  initiallyExpanded,
  type ReviewTreeNode,
  walkReviewTree,
} from './review-rules';

/** The review being viewed. */
export interface ReviewView {
  fileId: string;
  /** The uploaded file's name. */
  filename: string;
  review: ReviewFileJson;
  tree: ReviewTreeNode[];
  /** Ids of the folders and files shown open. */
  expanded: readonly string[];
  /** Id of the function shown, `null` when the review has none. */
  selectedId: string | null;
}

/** The view of a review just fetched: its tree, the first levels open, its first function shown. */
export function openReviewView(fileId: string, filename: string, review: ReviewFileJson): ReviewView {
  const tree = buildReviewTree(review);
  return {
    fileId,
    filename,
    review,
    tree,
    expanded: initiallyExpanded(tree),
    selectedId: firstReviewFunction(tree)?.id ?? null,
  };
}

/** Opens the folder or file `id` if it is closed, closes it if it is open. */
export function toggleReviewNode(view: ReviewView, id: string): ReviewView {
  const { expanded } = view;
  return {
    ...view,
    expanded: expanded.includes(id) ? expanded.filter((other) => other !== id) : [...expanded, id],
  };
}

/** Shows the function `id`; the same view when it is shown already or the tree has no such function. */
export function selectReviewFunction(view: ReviewView, id: string): ReviewView {
  if (view.selectedId === id) return view;
  const exists = walkReviewTree(view.tree).some((node) => node.kind === 'function' && node.id === id);
  return exists ? { ...view, selectedId: id } : view;
}
