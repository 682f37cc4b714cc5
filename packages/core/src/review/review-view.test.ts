import { demoReviewJson } from '@digital-assistant/sdk/testing';
import { describe, expect, it } from 'vitest';
import { walkReviewTree } from './review-rules';
import { openReviewView, selectReviewFunction, toggleReviewNode } from './review-view';

describe('the review being viewed', () => {
  const review = demoReviewJson('shop.zip');
  const functions = (view: ReturnType<typeof openReviewView>) =>
    walkReviewTree(view.tree).filter((node) => node.kind === 'function');

  it('opens on its first function, with the first levels of its tree open', () => {
    const view = openReviewView('f1', 'shop.zip', review);
    expect(view).toMatchObject({ fileId: 'f1', filename: 'shop.zip', review });
    expect(view.selectedId).toBe(functions(view)[0]?.id);
    expect(view.expanded.length).toBeGreaterThan(0);
  });

  it('closes an open folder and opens it again', () => {
    const view = openReviewView('f1', 'shop.zip', review);
    const [first] = view.expanded;
    const closed = toggleReviewNode(view, first!);
    expect(closed.expanded).not.toContain(first);
    expect(toggleReviewNode(closed, first!).expanded).toContain(first);
  });

  it('shows another function, and stays as it is for the one shown or one the tree lacks', () => {
    const view = openReviewView('f1', 'shop.zip', review);
    const other = functions(view).at(-1)!;
    expect(selectReviewFunction(view, other.id).selectedId).toBe(other.id);
    expect(selectReviewFunction(view, view.selectedId!)).toBe(view);
    expect(selectReviewFunction(view, 'no-such-function')).toBe(view);
  });
});
