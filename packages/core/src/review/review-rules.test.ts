import { demoReviewJson } from '@digital-assistant/sdk/testing';
import { describe, expect, it } from 'vitest';
import {
  buildReviewTree,
  canDeleteReviewFile,
  canDownloadReviewFile,
  canViewReviewFile,
  reviewStatusKind,
  reviewStatusLabel,
  reviewTreeIndent,
  walkReviewTree,
} from './review-rules';

describe('review rules', () => {
  it('shows any status other than success and pending as failed', () => {
    expect(['success', 'pending', 'failed', 'error', ''].map(reviewStatusKind)).toEqual([
      'success',
      'pending',
      'failed',
      'failed',
      'failed',
    ]);
  });

  it('lets only success files be viewed or downloaded, and keeps pending files from deletion', () => {
    const rights = (status: string) => [
      canViewReviewFile({ status: status as never }),
      canDownloadReviewFile({ status: status as never }),
      canDeleteReviewFile({ status: status as never }),
    ];
    expect(rights('success')).toEqual([true, true, true]);
    expect(rights('pending')).toEqual([false, false, false]);
    expect(rights('failed')).toEqual([false, false, true]);
    expect(rights('unknown')).toEqual([false, false, true]);
  });

  it('labels a pending file with the files done of total once known', () => {
    expect(reviewStatusLabel({ status: 'pending', progress: { done: 0, total: 0 } })).toBe('Pending');
    expect(reviewStatusLabel({ status: 'pending', progress: { done: 3, total: 12 } })).toBe(
      'Pending (3/12 files)',
    );
    expect(reviewStatusLabel({ status: 'success', progress: null })).toBe('Success');
  });

  it('indents the tree 10px plus 10px per level, capped at level 8', () => {
    expect([0, 1, 2, 8, 9, 20].map(reviewTreeIndent)).toEqual([10, 20, 30, 90, 90, 90]);
  });

  it('builds folders, files and functions with unique ids and levels', () => {
    const tree = buildReviewTree(demoReviewJson('shop.zip'));
    expect(walkReviewTree(tree).map((node) => `${node.level} ${node.kind} ${node.id}`)).toEqual([
      '0 folder shop',
      '1 file shop/cart.py',
      '2 function shop/cart.py#Cart.total:4',
      '2 function shop/cart.py#Cart.names:10',
      '1 file shop/util.py',
      '2 function shop/util.py#slugify:1',
    ]);
    const twice = buildReviewTree({
      name: 'x',
      contents: [
        {
          type: 'file',
          name: 'a.py',
          functions: [
            { name: 'f', function: 'def f(): ...', performance: '', readability: '' },
            { name: 'f', function: 'def f(): ...', performance: '', readability: '' },
          ],
        },
      ],
    });
    expect(walkReviewTree(twice).map((node) => node.id)).toEqual(['a.py', 'a.py#f', 'a.py#f~1']);
  });
});
