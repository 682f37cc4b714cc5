import type { ChatAttachmentItem } from '@digital-assistant/react';
import { FileTrigger } from 'react-aria-components';
import { Button } from '../Button/Button';

/** Props of `ChatAttachmentsBar`. */
export interface ChatAttachmentsBarProps {
  /** The files chosen for the next question, in order. */
  items: readonly ChatAttachmentItem[];
  /** File types offered by the file picker (".pdf,.docx,..."). */
  accept?: string;
  /** Why the last files chosen were refused: announced at once. */
  error?: string;
  /** Called with the files chosen. */
  onAdd: (files: File[]) => void;
  /** Called by a chip's remove button. */
  onRemove: (key: string) => void;
  /** Nothing can be attached (an answer is pending). @default false */
  isDisabled?: boolean;
}

function PaperclipIcon() {
  return (
    <svg className="da-icon" viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
      <path
        d="M21 11.5 12.6 19.9a5 5 0 0 1-7.1-7.1l8.5-8.5a3.5 3.5 0 0 1 5 5l-8.5 8.5a2 2 0 0 1-2.8-2.8l7.8-7.8"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/**
 * The attach button beside the composer and a chip per attached file (its name, "reading…" until
 * the server has read it, and a button to take it off before sending). A refused file's reason is
 * announced (`role="alert"`); the question being written is untouched.
 * @example
 * <ChatAttachmentsBar items={attachments.items} accept={attachments.accept} error={attachments.error}
 *   onAdd={attachments.add} onRemove={attachments.remove} />
 */
export function ChatAttachmentsBar({
  items,
  accept,
  error,
  onAdd,
  onRemove,
  isDisabled = false,
}: ChatAttachmentsBarProps) {
  return (
    <div className="da-attachments">
      <FileTrigger
        allowsMultiple
        acceptedFileTypes={accept ? accept.split(',') : undefined}
        onSelect={(list) => {
          if (list && list.length > 0) onAdd(Array.from(list));
        }}
      >
        <Button size="sm" variant="ghost" className="da-attachments-button" isDisabled={isDisabled}>
          <PaperclipIcon />
          Attach files
        </Button>
      </FileTrigger>
      {items.length > 0 ? (
        <ul className="da-attachments-list" aria-label="Attached files">
          {items.map((item) => (
            <li key={item.key} className="da-attachment-chip" data-status={item.status}>
              <span className="da-attachment-name">{item.name}</span>
              {item.status === 'uploading' ? <span className="da-attachment-status">reading…</span> : null}
              <Button
                size="sm"
                variant="ghost"
                className="da-attachment-remove"
                aria-label={`Remove ${item.name}`}
                onPress={() => onRemove(item.key)}
              >
                ×
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
      <p className="da-attachments-error" role="alert">
        {error ?? ''}
      </p>
    </div>
  );
}
