/**
 * The Code Review screen's hook: one review store per screen, connected to React, the list fetched
 * when the screen opens, the menu closed when a review opens (under the app provider).
 */

import {
  canDeleteReviewFile,
  canDownloadReviewFile,
  canViewReviewFile,
  createReviewStore,
  REVIEW_FILE_ACCEPT,
  type ReviewPage,
  type ReviewState,
  type ReviewStore,
  type ReviewTreeFunction,
  reviewPage,
  walkReviewTree,
} from '@digital-assistant/core';
import type { ReviewFile } from '@digital-assistant/sdk';
import { useContext, useEffect, useMemo, useRef, useState } from 'react';
import { useCoreContext } from '../core/context';
import { useStore } from '../core/use-store';
import { AppContext } from '../shell/app-context';

/** Options of {@link useCodeReview}. */
export interface UseCodeReviewOptions {
  /** Hands a downloaded zip to the person, e.g. the UI package's `saveFile`. */
  saveFile?: (blob: Blob, filename: string) => void;
  /** How often (ms) the list refreshes by itself while a review is pending. @default 2000 */
  pollIntervalMs?: number;
  /** Called when a review opens. @default closes the menu panel (under the app provider) */
  onViewOpened?: () => void;
}

/** What a row of the file list allows, all false while a request is in progress. */
export interface ReviewFileActions {
  canView: boolean;
  canDownload: boolean;
  canDelete: boolean;
}

/** What {@link useCodeReview} returns: the store's state, what follows from it, and the actions. */
export interface UseCodeReviewResult extends ReviewState {
  /** The page of the filtered list shown. */
  currentPage: ReviewPage<ReviewFile>;
  /** A request is in progress: every button is disabled (spec section 4). */
  isBusy: boolean;
  /** The function shown in the review, if any. */
  selectedFunction: ReviewTreeFunction | null;
  /** What a file's row allows now. */
  actionsFor: (file: ReviewFile) => ReviewFileActions;
  /** For the upload dialog's file input. */
  accept: string;
  refresh: ReviewStore['refresh'];
  setFilter: ReviewStore['setFilter'];
  setPage: ReviewStore['setPage'];
  openUpload: ReviewStore['openUpload'];
  closeUpload: ReviewStore['closeUpload'];
  chooseUploadFile: ReviewStore['chooseUploadFile'];
  removeUploadFile: ReviewStore['removeUploadFile'];
  submitUpload: ReviewStore['submitUpload'];
  viewFile: ReviewStore['view'];
  closeView: ReviewStore['closeView'];
  toggleExpanded: ReviewStore['toggleExpanded'];
  selectFunction: ReviewStore['selectFunction'];
  download: ReviewStore['download'];
  deleteFile: ReviewStore['delete'];
  dismissMessage: ReviewStore['dismissMessage'];
}

/**
 * The Code Review screen (spec sections 2 and 4): the user's review files 20 per page with a
 * filter, upload with progress, view, download and delete with the spec's messages; pending reviews
 * refresh by themselves until they end.
 * @example
 * const review = useCodeReview({ saveFile });
 * review.currentPage.items.map((file) => review.actionsFor(file).canView);
 */
export function useCodeReview(options: UseCodeReviewOptions = {}): UseCodeReviewResult {
  const { client, logger } = useCoreContext('useCodeReview');
  const app = useContext(AppContext);
  const latest = useRef(options);
  useEffect(() => {
    latest.current = options;
  });
  const [store] = useState(() =>
    createReviewStore({
      client,
      logger,
      pollIntervalMs: options.pollIntervalMs,
      saveFile: (blob, filename) => latest.current.saveFile?.(blob, filename),
      onViewOpened: () => (latest.current.onViewOpened ?? app?.menuPanel.close)?.(),
    }),
  );
  useEffect(() => {
    void store.open();
    return () => store.dispose();
  }, [store]);
  const state = useStore(store);
  const currentPage = useMemo(
    () => reviewPage(state.files, state.filter, state.page),
    [state.files, state.filter, state.page],
  );
  const isBusy = state.request !== null;
  const selectedFunction = useMemo(() => {
    const view = state.view;
    if (!view?.selectedId) return null;
    return (
      walkReviewTree(view.tree).find(
        (node): node is ReviewTreeFunction => node.kind === 'function' && node.id === view.selectedId,
      ) ?? null
    );
  }, [state.view]);
  return {
    ...state,
    currentPage,
    isBusy,
    selectedFunction,
    actionsFor: (file) => ({
      canView: !isBusy && canViewReviewFile(file),
      canDownload: !isBusy && canDownloadReviewFile(file),
      canDelete: !isBusy && canDeleteReviewFile(file),
    }),
    accept: REVIEW_FILE_ACCEPT,
    refresh: store.refresh,
    setFilter: store.setFilter,
    setPage: store.setPage,
    openUpload: store.openUpload,
    closeUpload: store.closeUpload,
    chooseUploadFile: store.chooseUploadFile,
    removeUploadFile: store.removeUploadFile,
    submitUpload: store.submitUpload,
    viewFile: store.view,
    closeView: store.closeView,
    toggleExpanded: store.toggleExpanded,
    selectFunction: store.selectFunction,
    download: store.download,
    deleteFile: store.delete,
    dismissMessage: store.dismissMessage,
  };
}
