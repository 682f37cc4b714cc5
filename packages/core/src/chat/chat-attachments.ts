/**
 * The files a person attaches to their next question (extension, feature-detected: on a server
 * without it `isSupported` is false and nothing can be attached). Each file is sent as it is
 * chosen, so a file the server refuses says why at once; the question carries the ids of those
 * read (`readyIds`). A plain store (`subscribe`/`getSnapshot`), one per composer.
 */
import {
  type ChatAttachmentLimits,
  type DigitalAssistantClient,
  getChatAttachmentLimits,
  toDigitalAssistantError,
  uploadChatAttachments,
} from '@digital-assistant/sdk';
import { createStore } from '../store';

/** One file chosen for the next question. */
export interface ChatAttachmentItem {
  /** Stable key while it is shown. */
  key: string;
  name: string;
  size: number;
  /** `uploading` until the server has read it (`ready`, with its `id`). */
  status: 'uploading' | 'ready';
  /** The server's id, once read. */
  id?: string;
}

export interface ChatAttachmentsState {
  /** Unknown until the limits are asked (`load`); false on a server without attached files. */
  isSupported: boolean | undefined;
  limits: ChatAttachmentLimits | undefined;
  items: readonly ChatAttachmentItem[];
  /** Why the last files chosen were refused (a sentence per file), for a person; cleared by the next choice. */
  error: string | undefined;
}

export interface ChatAttachments {
  subscribe(listener: () => void): () => void;
  getSnapshot(): ChatAttachmentsState;
  /** Asks what files a question may carry (once). */
  load(): Promise<void>;
  /** Sends the chosen files; those refused (count, size, type, no text) are named in `error`. */
  add(files: readonly File[]): Promise<void>;
  /** Takes a file off the next question. */
  remove(key: string): void;
  /** The ids of the files read, for the question's `Attachments`. */
  readyIds(): string[];
  /** After the question is sent: no file is attached any more. */
  clear(): void;
}

let nextKey = 0;

const formatSize = (bytes: number) =>
  bytes >= 1024 * 1024
    ? `${Math.round(bytes / (1024 * 1024))} MB`
    : `${Math.max(1, Math.round(bytes / 1024))} KB`;

/**
 * Creates the attached files of one composer.
 * @example
 * const attachments = createChatAttachments({ client });
 * await attachments.load();
 * await attachments.add([file]);
 * await chat.send('What does this say?', { attachments: attachments.readyIds() });
 */
export function createChatAttachments({ client }: { client: DigitalAssistantClient }): ChatAttachments {
  const store = createStore<ChatAttachmentsState>({
    isSupported: undefined,
    limits: undefined,
    items: [],
    error: undefined,
  });
  let loading: Promise<void> | undefined;

  function load() {
    loading ??= getChatAttachmentLimits(client)
      .then((result) => {
        store.setState((state) =>
          result.unsupported
            ? { ...state, isSupported: false }
            : { ...state, isSupported: true, limits: result.data },
        );
      })
      .catch(() => {
        store.setState((state) => ({ ...state, isSupported: false }));
      });
    return loading;
  }

  async function add(files: readonly File[]) {
    const { limits, items } = store.getSnapshot();
    if (!limits || files.length === 0) return;
    const refused: string[] = [];
    const accepted: File[] = [];
    let total = items.reduce((sum, item) => sum + item.size, 0);
    for (const file of files) {
      const extension = file.name.includes('.') ? file.name.split('.').pop()!.toLowerCase() : '';
      if (items.length + accepted.length >= limits.MaxFiles) {
        refused.push(`${file.name}: a question carries at most ${limits.MaxFiles} files.`);
      } else if (!limits.Extensions.includes(extension)) {
        refused.push(`${file.name}: this type of file cannot be read.`);
      } else if (file.size > limits.MaxFileBytes) {
        refused.push(`${file.name} is larger than the ${formatSize(limits.MaxFileBytes)} a file may be.`);
      } else if (total + file.size > limits.MaxTotalBytes) {
        refused.push(
          `${file.name} would take the files past the ${formatSize(limits.MaxTotalBytes)} a question may carry.`,
        );
      } else {
        total += file.size;
        accepted.push(file);
      }
    }
    const added = accepted.map((file) => ({
      key: `attachment-${++nextKey}`,
      name: file.name,
      size: file.size,
      status: 'uploading' as const,
    }));
    store.setState((state) => ({
      ...state,
      items: [...state.items, ...added],
      error: refused.length > 0 ? refused.join(' ') : undefined,
    }));
    if (accepted.length === 0) return;
    const keys = new Set(added.map((item) => item.key));
    try {
      const result = await uploadChatAttachments(client, accepted);
      if (result.unsupported) throw new Error(result.reason);
      const read = [...result.data.Attachments];
      store.setState((state) => ({
        ...state,
        items: state.items.flatMap((item) => {
          if (!keys.has(item.key)) return [item];
          const index = read.findIndex((attachment) => attachment.Name === item.name);
          if (index < 0) return [];
          const [attachment] = read.splice(index, 1);
          return [{ ...item, status: 'ready' as const, id: attachment!.Id }];
        }),
        error: [...refused, ...result.data.Rejected.map((entry) => entry.reason)].join(' ') || undefined,
      }));
    } catch (error) {
      store.setState((state) => ({
        ...state,
        items: state.items.filter((item) => !keys.has(item.key)),
        error: [...refused, toDigitalAssistantError(error).message].join(' '),
      }));
    }
  }

  return {
    subscribe: store.subscribe,
    getSnapshot: store.getSnapshot,
    load,
    add,
    remove(key) {
      store.setState((state) => ({ ...state, items: state.items.filter((item) => item.key !== key) }));
    },
    readyIds: () =>
      store.getSnapshot().items.flatMap((item) => (item.status === 'ready' && item.id ? [item.id] : [])),
    clear() {
      store.setState((state) => ({ ...state, items: [], error: undefined }));
    },
  };
}
