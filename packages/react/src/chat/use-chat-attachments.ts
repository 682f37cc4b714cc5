import {
  type ChatAttachmentItem,
  type ChatAttachmentsState,
  createChatAttachments,
} from '@digital-assistant/core';
import { useEffect, useState } from 'react';
import { useCoreContext } from '../core/context';
import { useStore } from '../core/use-store';

/** What {@link useChatAttachments} returns. */
export interface UseChatAttachmentsResult {
  /** False on a server that reads no attached files (or until it is known): offer no attach button. */
  isSupported: boolean;
  /** The files chosen for the next question, in order. */
  items: readonly ChatAttachmentItem[];
  /** The file types accepted, as an `accept` list (".pdf,.docx,..."). */
  accept: string;
  /** Why the last files chosen were refused, for a person (announce it). */
  error: string | undefined;
  /** A file is still being read: the question waits for it. */
  isUploading: boolean;
  /** Sends the chosen files to be read. */
  add: (files: readonly File[]) => Promise<void>;
  /** Takes one file off the next question. */
  remove: (key: string) => void;
  /** The ids of the files read, for `chat.send(prompt, { attachments })`. */
  readyIds: () => string[];
  /** After sending: no file is attached any more. */
  clear: () => void;
}

/**
 * The files attached to a composer's next question (extension, feature-detected: `isSupported` is
 * false on a server without it). Needs `DigitalAssistantCoreProvider` or `DigitalAssistantChatProvider`.
 * @example
 * const attachments = useChatAttachments();
 * const send = (prompt: string) => chat.send(prompt, { attachments: attachments.readyIds() }).then(attachments.clear);
 */
export function useChatAttachments(): UseChatAttachmentsResult {
  const { client } = useCoreContext('useChatAttachments');
  const [attachments] = useState(() => createChatAttachments({ client }));
  useEffect(() => {
    void attachments.load();
  }, [attachments]);
  const state: ChatAttachmentsState = useStore(attachments);
  return {
    isSupported: state.isSupported === true,
    items: state.items,
    accept: (state.limits?.Extensions ?? []).map((extension) => `.${extension}`).join(','),
    error: state.error,
    isUploading: state.items.some((item) => item.status === 'uploading'),
    add: attachments.add,
    remove: attachments.remove,
    readyIds: attachments.readyIds,
    clear: attachments.clear,
  };
}
