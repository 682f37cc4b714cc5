import { type ReactNode, useRef, useState } from 'react';
import { Button } from '../Button/Button';
import { ConfirmDialog } from '../ConfirmDialog/ConfirmDialog';
import { UploadIcon } from '../icons/icons';
import { PageHeader } from '../PageHeader/PageHeader';
import { type FileStatusRow, FileStatusTable, type FileStatusTableProps } from './FileStatusTable';

export interface FileStatusPageProps
  extends Pick<FileStatusTableProps, 'documents' | 'busyId' | 'isLoading' | 'error' | 'formatTime'> {
  /**
   * Whether the server lists training documents (the File Status extension); `false` shows a note
   * instead of the table. `undefined` while unknown.
   */
  isSupported?: boolean;
  /** Documents still queued or parsing: while any is, the page says it refreshes by itself. */
  inProgressCount?: number;
  /** Deletes a document; called after the person confirmed. */
  onDelete?: (document: FileStatusRow) => void;
  /** Ingests a document again; called after the person confirmed. */
  onReingest?: (document: FileStatusRow) => void;
  /** Opens the Train Bot upload window (an Upload button in the header). */
  onUpload?: () => void;
  /** Where the close button goes. @default '/menu' */
  closeHref?: string;
  /** Page title. @default 'File Status' */
  title?: string;
  /** Dialogs rendered after the page (e.g. the upload window). */
  children?: ReactNode;
}

type PendingAction = { kind: 'delete' | 'reingest'; document: FileStatusRow };

function summary(documents: readonly FileStatusRow[], inProgressCount: number): string {
  const ready = documents.filter((document) => document.status === 'Ready').length;
  const total = documents.length === 1 ? '1 document' : `${documents.length} documents`;
  const progress = inProgressCount > 0 ? `, ${inProgressCount} in progress` : '';
  return `${total}: ${ready} ready${progress}.`;
}

/**
 * The File Status page (spec "Status page"): the training documents and their status, refreshed by
 * the caller while some are in progress (the page says so), with Delete and Re-ingest behind a
 * confirmation (ConfirmDialog), and an Upload button for the Train Bot window.
 *
 * @example
 * <FileStatusPage documents={list.documents} isSupported={list.isSupported}
 *   inProgressCount={list.inProgressCount} onDelete={(d) => remove.mutate(d)} />
 */
export function FileStatusPage({
  documents,
  busyId,
  isLoading,
  error,
  formatTime,
  isSupported,
  inProgressCount = 0,
  onDelete,
  onReingest,
  onUpload,
  closeHref = '/menu',
  title = 'File Status',
  children,
}: FileStatusPageProps) {
  const [pending, setPending] = useState<PendingAction | null>(null);
  // Keeps the name in the text while the dialog animates out after `pending` went back to null.
  const shown = useRef(pending);
  if (pending) shown.current = pending;
  const name = shown.current?.document.document ?? '';
  const isReingest = shown.current?.kind === 'reingest';
  const hasList = isSupported !== false;
  return (
    <div className="da-page da-file-status-page">
      <PageHeader title={title} closeHref={closeHref}>
        {onUpload ? (
          <Button variant="primary" onPress={onUpload}>
            <UploadIcon />
            Upload
          </Button>
        ) : null}
      </PageHeader>
      {hasList ? (
        <>
          <div className="da-file-status-summary">
            <p className="da-file-status-count">
              {isLoading && documents.length === 0 ? '' : summary(documents, inProgressCount)}
            </p>
            <p className="da-file-status-refresh" role="status">
              {inProgressCount > 0 ? 'Refreshing by itself until every document is processed.' : ''}
            </p>
          </div>
          <FileStatusTable
            documents={documents}
            busyId={busyId}
            isLoading={isLoading}
            error={error}
            formatTime={formatTime}
            onDelete={onDelete ? (document) => setPending({ kind: 'delete', document }) : undefined}
            onReingest={onReingest ? (document) => setPending({ kind: 'reingest', document }) : undefined}
          />
        </>
      ) : (
        <p className="da-file-status-unsupported" role="note">
          This server does not list training documents.
        </p>
      )}
      <ConfirmDialog
        isOpen={pending !== null}
        onOpenChange={(isOpen) => {
          if (!isOpen) setPending(null);
        }}
        title={isReingest ? 'Re-ingest' : 'Delete'}
        text={
          isReingest
            ? `Ingest '${name}' again from its stored file? It keeps answering from its current text until the new one is ready.`
            : `Are you sure you want to delete '${name}'? Answers stop citing it at once.`
        }
        confirmLabel={isReingest ? 'Re-ingest' : 'Delete'}
        isDestructive={!isReingest}
        onConfirm={() => {
          if (!pending) return;
          if (pending.kind === 'delete') onDelete?.(pending.document);
          else onReingest?.(pending.document);
        }}
      />
      {children}
    </div>
  );
}
