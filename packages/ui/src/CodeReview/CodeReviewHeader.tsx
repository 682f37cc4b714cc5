import { type ReviewMessage, reviewMessages } from '@digital-assistant/react';
import { ProgressBar } from 'react-aria-components';
import { Button } from '../Button/Button';
import { AlertIcon, CloseIcon, InfoIcon, SuccessIcon, UploadIcon } from '../icons/icons';
import { PageHeader } from '../PageHeader/PageHeader';

/** Props of `CodeReviewHeader`. */
export interface CodeReviewHeaderProps {
  /** @default 'Code Review Agent' */
  title?: string;
  /** The status message line: info, success or error, with its icon and colour. */
  message: ReviewMessage | null;
  /** Percentage of the zip sent while it uploads (`null` otherwise). */
  uploadProgress?: number | null;
  /** A review is open: Close shows instead of Refresh and Upload (spec section 2). */
  isViewing: boolean;
  /** A request is in progress: every button is disabled. */
  isBusy: boolean;
  onRefresh: () => void;
  onUpload: () => void;
  onClose: () => void;
}

const icons = { info: InfoIcon, success: SuccessIcon, error: AlertIcon } as const;

/** The header's status message line, its kind shown by icon and colour. */
export function CodeReviewMessage({
  message,
  uploadProgress = null,
}: Pick<CodeReviewHeaderProps, 'message' | 'uploadProgress'>) {
  const Icon = message ? icons[message.kind] : null;
  return (
    <div className="da-review-message-line">
      {/* Both live regions stay in the page so a new message is announced. */}
      <div role="status" className="da-review-message-region">
        {message && message.kind !== 'error' && Icon ? (
          <p className="da-review-message" data-kind={message.kind}>
            <Icon />
            <span>{message.text}</span>
            {message.detail ? <span className="da-review-message-detail">{message.detail}</span> : null}
          </p>
        ) : null}
      </div>
      <div role="alert" className="da-review-message-region">
        {message?.kind === 'error' && Icon ? (
          <p className="da-review-message" data-kind="error">
            <Icon />
            <span>{message.text}</span>
            {message.detail ? <span className="da-review-message-detail">{message.detail}</span> : null}
          </p>
        ) : null}
      </div>
      {uploadProgress !== null ? (
        <ProgressBar
          className="da-progress da-review-upload-progress"
          aria-label="Zip uploaded"
          value={uploadProgress}
        >
          {({ percentage, valueText }) => (
            <>
              <span className="da-progress-track" aria-hidden="true">
                <span className="da-progress-fill" style={{ width: `${percentage ?? 0}%` }} />
              </span>
              <span className="da-progress-value">{valueText}</span>
            </>
          )}
        </ProgressBar>
      ) : null}
    </div>
  );
}

/**
 * The Code Review screen's header (spec section 2): the title, the status message line, Refresh and
 * Upload while no review is open, Close while one is.
 */
export function CodeReviewHeader({
  title = reviewMessages.title,
  message,
  uploadProgress = null,
  isViewing,
  isBusy,
  onRefresh,
  onUpload,
  onClose,
}: CodeReviewHeaderProps) {
  return (
    <header className="da-review-header">
      <PageHeader title={title}>
        {isViewing ? (
          <Button onPress={onClose} isDisabled={isBusy}>
            <CloseIcon />
            Close
          </Button>
        ) : (
          <>
            <Button onPress={onRefresh} isDisabled={isBusy}>
              Refresh
            </Button>
            <Button variant="primary" onPress={onUpload} isDisabled={isBusy}>
              <UploadIcon />
              Upload
            </Button>
          </>
        )}
      </PageHeader>
      <CodeReviewMessage message={message} uploadProgress={uploadProgress} />
    </header>
  );
}
