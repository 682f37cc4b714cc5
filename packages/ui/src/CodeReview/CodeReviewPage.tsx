import { reviewMessages, type UseCodeReviewResult } from '@digital-assistant/react';
import type { ReviewFile } from '@digital-assistant/sdk';
import { useEffect, useId, useRef, useState } from 'react';
import { ConfirmDialog } from '../ConfirmDialog/ConfirmDialog';
import { CodeReviewFileTable } from './CodeReviewFileTable';
import { CodeReviewFunction } from './CodeReviewFunction';
import { CodeReviewHeader } from './CodeReviewHeader';
import { CodeReviewTree } from './CodeReviewTree';
import { CodeReviewUploadDialog } from './CodeReviewUploadDialog';
import { scrollToSection } from './scrollToSection';

/** What the page shows and does: the `useCodeReview()` result (or the same shape). */
export type CodeReviewPageProps = Pick<
  UseCodeReviewResult,
  | 'message'
  | 'uploadProgress'
  | 'isBusy'
  | 'currentPage'
  | 'filter'
  | 'hasFetched'
  | 'listError'
  | 'isUploadOpen'
  | 'uploadFile'
  | 'uploadError'
  | 'view'
  | 'selectedFunction'
  | 'actionsFor'
  | 'refresh'
  | 'setFilter'
  | 'setPage'
  | 'openUpload'
  | 'closeUpload'
  | 'chooseUploadFile'
  | 'removeUploadFile'
  | 'submitUpload'
  | 'viewFile'
  | 'closeView'
  | 'toggleExpanded'
  | 'selectFunction'
  | 'download'
  | 'deleteFile'
> & {
  /** @default 'Code Review Agent' */
  title?: string;
};

/**
 * The Code Review screen (spec section 2): the header with its message line, then either the list of
 * review files (upload dialog, delete confirmation "Are you sure to delete '{name}'?") or the review
 * opened with View: the tree on the left, the function shown on the right.
 *
 * @example
 * const review = useCodeReview({ saveFile });
 * <CodeReviewPage {...review} />
 */
export function CodeReviewPage({ title, ...review }: CodeReviewPageProps) {
  const [deleting, setDeleting] = useState<ReviewFile | null>(null);
  // Keeps the name in the text while the dialog animates out.
  const shownName = useRef('');
  if (deleting) shownName.current = deleting.filename;
  const idPrefix = useId().replace(/:/g, '');
  const { view, selectedFunction } = review;
  const { rootRef, viewNameRef } = useKeyboardFocusKept(review.isBusy, view?.fileId ?? null);
  return (
    <div ref={rootRef} className="da-page da-review-page" data-viewing={view ? true : undefined}>
      <CodeReviewHeader
        title={title}
        message={review.message}
        uploadProgress={review.uploadProgress}
        isViewing={view !== null}
        isBusy={review.isBusy}
        onRefresh={() => void review.refresh()}
        onUpload={review.openUpload}
        onClose={review.closeView}
      />
      {view ? (
        <div className="da-review-view">
          <nav className="da-review-view-tree" aria-label={`Review of ${view.filename}`}>
            <h2 className="da-review-view-name" ref={viewNameRef} tabIndex={-1}>
              {view.review.name || view.filename}
            </h2>
            <CodeReviewTree
              tree={view.tree}
              expanded={view.expanded}
              onToggle={review.toggleExpanded}
              selectedId={view.selectedId}
              onSelectFunction={(id) => {
                review.selectFunction(id);
                // The new function starts at its title: bring it into view if the page was scrolled past it.
                requestAnimationFrame(() =>
                  scrollToSection(`${idPrefix}-title`, undefined, { focus: false, onlyIfHidden: true }),
                );
              }}
              onShowSection={(section) => scrollToSection(`${idPrefix}-${section}`)}
            />
          </nav>
          <section className="da-review-view-content" aria-label="Function review">
            {selectedFunction ? (
              <CodeReviewFunction fn={selectedFunction} idPrefix={idPrefix} />
            ) : (
              <p className="da-review-empty">This review has no Python functions.</p>
            )}
          </section>
        </div>
      ) : (
        <CodeReviewFileTable
          page={review.currentPage}
          filter={review.filter}
          onFilterChange={review.setFilter}
          onPageChange={review.setPage}
          actionsFor={review.actionsFor}
          onView={(file) => void review.viewFile(file.fileId)}
          onDownload={(file) => void review.download(file.fileId)}
          onDelete={setDeleting}
          isBusy={review.isBusy}
          isLoading={!review.hasFetched}
          error={review.listError}
        />
      )}
      <CodeReviewUploadDialog
        isOpen={review.isUploadOpen}
        onOpenChange={(isOpen) => {
          if (!isOpen) review.closeUpload();
        }}
        file={review.uploadFile}
        onChooseFiles={review.chooseUploadFile}
        onRemoveFile={review.removeUploadFile}
        onSubmit={() => void review.submitUpload()}
        error={review.uploadError}
      />
      <ConfirmDialog
        isOpen={deleting !== null}
        onOpenChange={(isOpen) => {
          if (!isOpen) setDeleting(null);
        }}
        title="Delete"
        text={reviewMessages.confirmDelete(shownName.current)}
        onConfirm={() => {
          if (deleting) void review.deleteFile(deleting.fileId);
        }}
      />
    </div>
  );
}

/**
 * Keeps keyboard focus on the screen when what held it goes away: View replaces the list by the review
 * (focus goes to the review's name), Close brings the list back (focus goes back to the row of the file
 * that was viewed), and a request disables every button, so focus goes back to the button that started
 * it once it is over, or to the table when that button is gone (a deleted file's row). Focus is only
 * moved when it was lost to the page's body, never taken from where the person put it. Answers the
 * refs of the page's root and of the review's name.
 */
function useKeyboardFocusKept(isBusy: boolean, viewedId: string | null) {
  const rootRef = useRef<HTMLDivElement>(null);
  const viewNameRef = useRef<HTMLHeadingElement>(null);
  const focusAtRequest = useRef<Element | null>(null);
  const lastViewedId = useRef<string | null>(null);
  const renderedBusy = useRef(isBusy);
  // Where focus was when a request started, read before the commit disables every button (a disabled
  // button loses focus to the page's body).
  if (isBusy && !renderedBusy.current && typeof document !== 'undefined') {
    focusAtRequest.current = document.activeElement;
  }
  renderedBusy.current = isBusy;
  if (viewedId) lastViewedId.current = viewedId;
  const isViewing = viewedId !== null;
  const previous = useRef({ isBusy, isViewing });
  useEffect(() => {
    const before = previous.current;
    previous.current = { isBusy, isViewing };
    if (isBusy) return;
    const requestEnded = before.isBusy;
    const viewChanged = before.isViewing !== isViewing;
    if (!requestEnded && !viewChanged) return;
    const startedFrom = focusAtRequest.current;
    focusAtRequest.current = null;
    const isFocusLost = () => !document.activeElement || document.activeElement === document.body;
    if (!isFocusLost()) return;
    // The list's rows are rendered after the table itself: look for them on the next frame.
    const frame = requestAnimationFrame(() => {
      const root = rootRef.current;
      if (!root || !isFocusLost()) return;
      const table = root.querySelector<HTMLElement>('[role="grid"]');
      let target: HTMLElement | null = null;
      if (isViewing) {
        target = viewNameRef.current;
      } else if (viewChanged) {
        const id = lastViewedId.current;
        const viewButton = id
          ? Array.from(root.querySelectorAll<HTMLElement>('[data-review-view]')).find(
              (button) => button.dataset.reviewView === id,
            )
          : undefined;
        // The grid is one tab stop whose rows take focus (the arrow keys reach the row's buttons).
        target = viewButton?.closest<HTMLElement>('[role="row"]') ?? table;
      } else if (startedFrom && startedFrom !== document.body) {
        const isUsable =
          startedFrom instanceof HTMLElement &&
          startedFrom.isConnected &&
          root.contains(startedFrom) &&
          !startedFrom.matches(':disabled');
        target = isUsable ? startedFrom : table;
      }
      target?.focus();
    });
    return () => cancelAnimationFrame(frame);
  }, [isBusy, isViewing]);
  return { rootRef, viewNameRef };
}
