/**
 * The chat's pure rules and constants (spec sections 2, 4, 5, 8 and 9): departments and their routes,
 * prompt validation, the error messages, and how each kind of answer becomes a message.
 */
import type {
  Department,
  ElkChatResponse,
  GptChatResponse,
  KnowledgeChatResponse,
} from '@digital-assistant/sdk';

/** Which pane the chat screen shows: the general AI chat or the department knowledge chat. */
export type ChatSelection = 'openai' | 'knowledge';

/** Where a question goes: the AI chat, the knowledge chat, or the ELK agent. */
export type ChatChannel = 'openai' | 'knowledge' | 'elk';

/** The departments, by the names the routes and the selector use. */
export type ChatDepartmentName = 'Knowledge' | 'IT' | 'DevOps' | 'CS' | 'PGA' | 'Education';

/** One department of the header selector's dropdown. */
export interface ChatDepartment {
  name: ChatDepartmentName;
  /** The `Department` the knowledge call sends; `undefined` for Knowledge (the field is omitted). */
  code: Department | undefined;
  /** The dropdown's description, as the spec words it. */
  description: string;
  /** Shown only to users with the PGA capability. */
  needsPgaAccess: boolean;
}

/** The header selector's departments, in the spec's order. */
export const CHAT_DEPARTMENTS: readonly ChatDepartment[] = [
  { name: 'Knowledge', code: undefined, description: 'all internal queries', needsPgaAccess: false },
  { name: 'IT', code: 'it', description: 'dedicated IT support', needsPgaAccess: false },
  { name: 'DevOps', code: 'devops_preprod', description: 'assistant for pre prod', needsPgaAccess: false },
  { name: 'CS', code: 'cs_preprod', description: 'CS department support', needsPgaAccess: false },
  { name: 'PGA', code: 'pga', description: 'info for PGA go-live and blueprint', needsPgaAccess: true },
  {
    name: 'Education',
    code: 'education',
    description: 'support for education queries',
    needsPgaAccess: false,
  },
];

/** The department chat opens on (spec section 9). */
export const DEFAULT_CHAT_DEPARTMENT: ChatDepartmentName = 'Knowledge';

/** Widths, heights and durations of the chat screen (spec sections 2 and 9). */
export const CHAT_LAYOUT = {
  /** The textarea grows up to this height (px). */
  textareaMaxHeight: 180,
  /** Slide between the knowledge and AI panes (ms). */
  slideMs: 300,
  /** Spinner diameter while an answer loads. */
  spinnerDiameter: 35,
  /** 'Copied' shows this long after copying a code block (ms). */
  copyConfirmationMs: 3000,
  /** Department dropdown width (px). */
  departmentDropdownWidth: 262,
  /** Chat-type dialog width (px). */
  chatTypeDialogWidth: 275,
  /** Confirm dialog width (px). */
  confirmDialogWidth: 400,
  /** Bubble maximum widths by window width (px -> rem). */
  bubbleMaxWidths: [
    { minWidth: 768, maxWidth: '42rem' },
    { minWidth: 1024, maxWidth: '46rem' },
    { minWidth: 1280, maxWidth: '54rem' },
  ],
} as const;

/** The chat screen's texts (spec section 2). */
export const CHAT_TEXTS = {
  placeholder: 'How can I assist you today?',
  send: 'Send',
  newTopic: 'New Topic',
  copy: 'Copy',
  copied: 'Copied',
  showMetrics: 'Show Metrics',
  hideMetrics: 'Hide Metrics',
  deleteTitle: 'Delete',
  deleteText: 'Are you sure you want to delete this chat?',
  cancel: 'Cancel',
  ok: 'OK',
} as const;

/**
 * The chat-type dialog's choices: choosing one closes it with `true` (o9 GPT) or `false` (GPT 3.5).
 * `selection` is the chat type each stands for: the platform-knowledge chat or the general AI chat.
 */
export const CHAT_TYPE_OPTIONS = [
  { label: 'o9 GPT', description: 'tailored for platform knowledge', value: true, selection: 'knowledge' },
  { label: 'GPT 3.5', description: 'best for all-around queries', value: false, selection: 'openai' },
] as const satisfies readonly {
  label: string;
  description: string;
  value: boolean;
  selection: ChatSelection;
}[];

/** The chat's error messages (spec section 8). */
export const chatMessages = {
  /** A chat call failed. */
  fetchFailed: 'Error fetching response',
  /** The answer came but has no usable content. */
  noContent: 'Error fetching response.',
  /** An ELK answer that is neither HTML nor summarised: this plus the answer. */
  elkUnusable: 'Error fetching response: ',
  /** Logged (never shown) when deleting a conversation fails. */
  deleteFailed: 'Error deleting conversation',
  /** Logged (never shown) when the history cannot be fetched. */
  historyFailed: 'Error fetching chat history',
  historySearchFailed: 'Error searching chat history',
  /** Logged (never shown) when a conversation cannot be fetched. */
  conversationFailed: 'Error fetching conversation',
  feedbackFailed: 'Error saving your feedback on the answer',
  /**
   * The AI chat has no language model (501 `model_not_configured`, whose own text names the server's
   * settings): said so to whoever asks, before asking too where the server tells (`hasLanguageModel`).
   */
  modelMissing:
    "The AI chat is not available yet: no language model has been set up for it. The knowledge chats still answer from the company's documents, with excerpts.",
  /** Why the AI chat's message box is disabled without a model. */
  modelMissingReason: 'Questions cannot be sent here until a language model is set up for the AI chat.',
  /** Why the AI chat without a model sends only questions about attached files. */
  modelMissingFilesReason:
    'Without a language model the AI chat answers only questions about files you attach, with their excerpts: attach a file to ask.',
  /** What an administrator does about a missing model (shown to administrators only). */
  modelMissingForAdmins:
    "To turn it on, set LLM_BASE_URL and LLM_MODEL (and LLM_API_KEY when the model needs one) in the server's environment and restart it.",
  /** Shown when an address (`/chat?c=`) names a conversation the server does not have for this person. */
  conversationMissing:
    'That conversation could not be found: it was deleted, or it belongs to someone else. This is a new chat.',
} as const;

/**
 * Whether a prompt may be sent: it needs non-blank content once newlines are removed (spec section 5;
 * the other half of the rule, no pending response, is the store's).
 * @example isValidPrompt('\n \n') // false
 */
export function isValidPrompt(prompt: string): boolean {
  return prompt.replace(/[\r\n]/g, '').trim() !== '';
}

/** The department a route parameter names, case-insensitively (`pga` is PGA); `undefined` if none. */
export function findChatDepartment(name: string | null | undefined): ChatDepartment | undefined {
  const wanted = name?.trim().toLowerCase();
  return CHAT_DEPARTMENTS.find((department) => department.name.toLowerCase() === wanted);
}

/** The departments a user may choose: PGA only with the PGA capability. */
export function visibleChatDepartments(hasPgaAccess: boolean): readonly ChatDepartment[] {
  return CHAT_DEPARTMENTS.filter((department) => hasPgaAccess || !department.needsPgaAccess);
}

/** The query parameter of `/chat` naming the open AI conversation: `/chat?c={conversationId}`. */
export const CONVERSATION_PARAM = 'c';

/**
 * The route of a chat pane: `/chat` for a new AI conversation, `/chat?c={conversationId}` for a
 * saved one, `/chat/{department}` for knowledge.
 */
export function chatPath(
  selection: ChatSelection,
  department: ChatDepartmentName,
  conversationId = '',
): string {
  if (selection !== 'openai') return `/chat/${department}`;
  return conversationId ? `/chat?${CONVERSATION_PARAM}=${encodeURIComponent(conversationId)}` : '/chat';
}

/** What the chat screen does with its route's department parameter (spec section 2). */
export type ChatRouteDecision =
  | { selection: 'openai'; department?: undefined; redirectTo?: undefined }
  | { selection: 'knowledge'; department: ChatDepartmentName; redirectTo?: string };

/**
 * The chat route's meaning: without a department, the AI chat; with one, that department's knowledge
 * chat. PGA (any case) without the PGA capability, and a department that does not exist, lead to
 * the Knowledge department (`redirectTo`).
 * @example chatRoute('pga', false) // { selection: 'knowledge', department: 'Knowledge', redirectTo: '/chat/Knowledge' }
 */
export function chatRoute(
  departmentParam: string | null | undefined,
  hasPgaAccess: boolean,
): ChatRouteDecision {
  if (departmentParam === undefined || departmentParam === null || departmentParam === '') {
    return { selection: 'openai' };
  }
  const department = findChatDepartment(departmentParam);
  if (!department || (department.needsPgaAccess && !hasPgaAccess)) {
    return {
      selection: 'knowledge',
      department: DEFAULT_CHAT_DEPARTMENT,
      redirectTo: chatPath('knowledge', DEFAULT_CHAT_DEPARTMENT),
    };
  }
  return { selection: 'knowledge', department: department.name };
}

/** The ELK metrics panel of a message (spec section 3: hasElk, html, visible, machineType, totalMemory). */
export interface ElkDisplay {
  hasElk: boolean;
  html: string;
  /** The panel is hidden until the Show Metrics button. */
  visible: boolean;
  machineType: string | undefined;
  totalMemory: number | string | undefined;
}

/** What an answer shows: its text (markdown), or the error when it has nothing usable. */
export interface AnswerContent {
  text: string;
  error?: string;
  elk?: ElkDisplay;
}

const looksLikeHtml = (text: string) => /<\s*[a-z][\s\S]*>/i.test(text);

/** The text of an AI answer, or the no-content error. */
export function gptAnswerContent(answer: GptChatResponse): AnswerContent {
  const text = typeof answer.Answer === 'string' ? answer.Answer : '';
  return text.trim() ? { text } : { text: '', error: chatMessages.noContent };
}

/** The text of a knowledge answer: `message` or `response`, `raw_response` for IT; or the no-content error. */
export function knowledgeAnswerContent(
  answer: KnowledgeChatResponse,
  department: ChatDepartmentName,
): AnswerContent {
  const candidates =
    department === 'IT'
      ? [answer.raw_response, answer.message, answer.response]
      : [answer.message, answer.response, answer.raw_response];
  const text = candidates.find((candidate) => typeof candidate === 'string' && candidate.trim() !== '');
  return text ? { text } : { text: '', error: chatMessages.noContent };
}

/**
 * An ELK answer: an HTML answer is the metrics panel under its summary; a plain answer with a summary
 * shows the summary; a plain answer without one is the error 'Error fetching response: ' plus the answer.
 */
export function elkAnswerContent(answer: ElkChatResponse): AnswerContent {
  const summary = answer.Summary?.trim() ? answer.Summary : '';
  const resource = answer.Answer_resource;
  if (looksLikeHtml(answer.Answer ?? '')) {
    return {
      text: summary,
      elk: {
        hasElk: true,
        html: answer.Answer,
        visible: false,
        machineType: resource?.ResourceMachineType,
        totalMemory: resource?.ResourceTotalMemory,
      },
    };
  }
  if (summary) return { text: summary };
  return { text: '', error: `${chatMessages.elkUnusable}${answer.Answer ?? ''}` };
}

/**
 * An answer's markdown as plain text, for "Copy text": the words a person reads, without markdown's
 * marks (emphasis, headings, quotes, code fences, citation markers); links keep their address in
 * brackets, list items and tables keep a readable shape.
 * @example markdownToPlainText('**Reset** it [here](https://x.example) [1]') // 'Reset it here (https://x.example)'
 */
export function markdownToPlainText(markdown: string): string {
  let isInFence = false;
  const lines: string[] = [];
  for (const line of markdown.replace(/\r\n?/g, '\n').split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) {
      isInFence = !isInFence;
      continue;
    }
    if (isInFence) {
      lines.push(line);
      continue;
    }
    // A table's separator row says nothing; its other rows keep their cells, tab-separated.
    if (line.includes('|') && /^\s*\|?(\s*:?-{3,}:?\s*\|?)+\s*$/.test(line)) continue;
    let text = line
      .replace(/^\s{0,3}#{1,6}\s+/, '')
      .replace(/^\s{0,3}(>\s?)+/, '')
      .replace(/^(\s*)[*+]\s+/, '$1- ');
    if (/^\s*\|.*\|\s*$/.test(text)) {
      text = text
        .trim()
        .slice(1, -1)
        .split('|')
        .map((cell) => cell.trim())
        .join('\t');
    }
    text = text
      .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
      .replace(/\[([^\]]+)\]\(([^)\s]+)[^)]*\)/g, (_, label: string, url: string) =>
        label === url ? url : `${label} (${url})`,
      )
      .replace(/\s?\[\d+\]/g, '')
      .replace(/`([^`]+)`/g, '$1')
      .replace(/(\*\*|__)(?=\S)(.*?\S)\1/g, '$2')
      .replace(/(^|[^\w*])([*_])(?=\S)([^*_]*?\S)\2(?=[^\w*]|$)/g, '$1$3')
      .replace(/~~(?=\S)(.*?\S)~~/g, '$1');
    lines.push(text);
  }
  return lines
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
