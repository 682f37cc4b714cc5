import { reviewMessages, type UseCodeReviewResult } from '@digital-assistant/react';
import type { ReviewFile } from '@digital-assistant/sdk';
import { useId, useRef, useState } from 'react';
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
  return (
    <div className="da-page da-review-page" data-viewing={view ? true : undefined}>
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
            <h2 className="da-review-view-name">{view.review.name || view.filename}</h2>
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
