/**
 * @digital-assistant/core: the framework-free core of Digital Assistant. Plain stores
 * (`subscribe` / `getSnapshot`), the chat transports and pure rules over the SDK client; no React,
 * no TanStack Query, no DOM. `@digital-assistant/react` binds them to React.
 */

// Administration: user and role-group forms, the Users table, the token overlay, their messages
export {
  type AddUserForm,
  FEATURE_MULTISELECT_VISIBLE_ITEMS,
  type FormValidation,
  type ModifyRolesForm,
  MULTISELECT_PLACEHOLDER,
  type RoleGroupForm,
  roleGroupError,
  roleGroupSidebarTitle,
  USER_MULTISELECT_VISIBLE_ITEMS,
  validateAddUser,
  validateModifyRoles,
} from './admin/admin-forms';
export { adminMessages } from './admin/admin-messages';
export {
  type AdminSidebar,
  type AdminSidebarsState,
  type AdminSidebarsStore,
  createAdminSidebarsStore,
} from './admin/admin-sidebars';
export {
  featureLabel,
  KNOWN_FEATURES,
  type KnownFeature,
  type RoleGroupUpdateRequest,
  roleGroupUpdateRequests,
} from './admin/role-features';
export {
  createTokenOverlayStore,
  maskToken,
  type TokenOverlayState,
  type TokenOverlayStore,
} from './admin/token-overlay';
export {
  createTableStore,
  hasUserStatus,
  type TableState,
  type TableStore,
  type TableView,
  tableView,
  toUserRows,
  USER_COLUMNS,
  USER_STATUS_COLUMN,
  USERS_PAGE_SIZE,
  type UserColumn,
  type UserProfile,
  type UserRow,
  type UserStatus,
} from './admin/users-table';
export {
  type AnswerSourceEntry,
  answerSourceList,
  citedSourceIds,
  createDocumentAvailability,
  type DocumentAvailability,
  type DocumentAvailabilityOptions,
  type DocumentAvailabilityState,
} from './chat/answer-sources';
export {
  type Chat,
  type ChatAskOptions,
  type ChatAskOutcome,
  type ChatOptions,
  type ConversationState,
  createChat,
} from './chat/chat';
export {
  type ChatAttachmentItem,
  type ChatAttachments,
  type ChatAttachmentsState,
  createChatAttachments,
} from './chat/chat-attachments';
export {
  type ChatHistoryEntry,
  type ChatHistoryMatch,
  type ChatHistoryQuery,
  type ChatHistoryQueryOptions,
  type ChatHistorySearch,
  type ChatHistorySearchState,
  type ChatHistoryState,
  type ChatHistoryStatus,
  createChatHistoryQuery,
} from './chat/chat-history';
export { CHAT_STORAGE_KEYS, type ChatStorage } from './chat/chat-persistence';
export {
  type AnswerContent,
  CHAT_DEPARTMENTS,
  CHAT_LAYOUT,
  CHAT_TEXTS,
  CHAT_TYPE_OPTIONS,
  type ChatChannel,
  type ChatDepartment,
  type ChatDepartmentName,
  type ChatRouteDecision,
  type ChatSelection,
  CONVERSATION_PARAM,
  chatMessages,
  chatPath,
  chatRoute,
  DEFAULT_CHAT_DEPARTMENT,
  type ElkDisplay,
  elkAnswerContent,
  findChatDepartment,
  gptAnswerContent,
  isValidPrompt,
  knowledgeAnswerContent,
  markdownToPlainText,
  visibleChatDepartments,
} from './chat/chat-rules';
export {
  type ChatAnswerFeedback,
  type ChatMessage,
  type ChatMessageActions,
  type ChatMessageError,
  type ChatMessageStatus,
  type ChatState,
  type ChatStore,
  type ChatStoreOptions,
  type Conversation,
  type ConversationOpenResult,
  chatMessageActions,
  createChatStore,
} from './chat/chat-store';
export {
  CHAT_HISTORY_GROUP_LABELS,
  type ChatHistoryGroup,
  type ChatHistoryGroupKey,
  chatHistoryGroupOf,
  groupChatHistory,
} from './chat/history-groups';
export {
  AI_CHAT_STARTER_QUESTIONS,
  starterDepartmentOf,
  starterQuestionsFor,
} from './chat/starter-questions';
export {
  type ChatAnswer,
  type ChatRequest,
  type ChatTransport,
  type ChatTransportEvent,
  type ChatTransportSendOptions,
  CONVERSATION_ID_HEADER,
  createJsonChatTransport,
  createSseChatTransport,
  REPLACE_LAST_HEADER,
  type SseChatTransportOptions,
} from './chat/transport';
export type { ClipboardWriter, Logger } from './host';
export {
  canReingestDocument,
  countDocumentsInProgress,
  departmentLabel,
  departmentsLabel,
  documentStatusTone,
  documentsRefetchInterval,
  EVERY_DEPARTMENT,
  isDocumentInProgress,
  KNOWLEDGE_DEPARTMENTS,
  KNOWLEDGE_DOCUMENT_COLUMNS,
  KNOWLEDGE_DOCUMENTS_PAGE_SIZE,
  KNOWLEDGE_POLL_INTERVAL_MS,
  type KnowledgeDocumentColumn,
  type KnowledgeDocumentCounts,
  type KnowledgeDocumentRow,
  type KnowledgeDocumentsPage,
  type KnowledgeDocumentsView,
  knowledgeDocumentsPage,
  knowledgeDocumentsQuery,
  type StatusCellState,
  type StatusTone,
  statusCellState,
} from './knowledge/knowledge-documents';
export { knowledgeMessages } from './knowledge/knowledge-messages';
export {
  createTrainingUploadStore,
  fileExtension,
  filePercents,
  formatFileSize,
  isTrainingFileExtension,
  nextDepartments,
  TRAINING_FILE_ACCEPT,
  TRAINING_FILE_EXTENSIONS,
  TRAINING_FILE_FORMATS_TEXT,
  TRAINING_MAX_FILE_BYTES,
  TRAINING_MAX_FILES,
  type TrainingFileExtension,
  type TrainingFileFacts,
  type TrainingRejection,
  type TrainingRejectionCode,
  type TrainingUploadFile,
  type TrainingUploadLimits,
  type TrainingUploadResult,
  type TrainingUploadState,
  type TrainingUploadStatus,
  type TrainingUploadStore,
  validateTrainingFile,
} from './knowledge/training-upload';
export {
  createNoticeStore,
  MAX_NOTICES,
  type Notice,
  type NoticeKind,
  type NoticeStore,
  type NoticesState,
} from './notices';
export { reviewMessages } from './review/review-messages';
export {
  buildReviewTree,
  canDeleteReviewFile,
  canDownloadReviewFile,
  canViewReviewFile,
  filterReviewFiles,
  firstReviewFunction,
  initiallyExpanded,
  isZipFileName,
  lastReviewPage,
  REVIEW_FILE_ACCEPT,
  REVIEW_PAGE_SIZE,
  REVIEW_POLL_INTERVAL_MS,
  REVIEW_SCROLL_OFFSET_PX,
  REVIEW_TREE_INDENT_PX,
  REVIEW_TREE_MAX_INDENT_LEVEL,
  type ReviewFinding,
  type ReviewFunctionData,
  type ReviewPage,
  type ReviewStatusKind,
  type ReviewTreeBranch,
  type ReviewTreeFunction,
  type ReviewTreeNode,
  reviewPage,
  reviewStatusKind,
  reviewStatusLabel,
  reviewTreeIndent,
  walkReviewTree,
} from './review/review-rules';
export {
  createReviewStore,
  type ReviewMessage,
  type ReviewRequest,
  type ReviewState,
  type ReviewStore,
  type ReviewStoreOptions,
} from './review/review-store';
export type { ReviewView } from './review/review-view';
export {
  createSessionStore,
  type SessionState,
  type SessionStatus,
  type SessionStore,
  type SessionStoreOptions,
} from './session/session';
export { signInErrorMessage, signInErrorMessages, UNKNOWN_SIGN_IN_ERROR } from './session/sign-in-errors';
export {
  createMenuPanelStore,
  isMenuPanelOpenByDefault,
  MENU_PANEL_ANIMATION_MS,
  MENU_PANEL_OPEN_MIN_WIDTH,
  MENU_PANEL_WIDTH,
  type MenuItem,
  type MenuModel,
  type MenuPanelState,
  type MenuPanelStore,
  menuModel,
} from './shell/menu';
export { PROFILE_POPUP_WIDTH, type ProfilePopupModel, profilePopupModel } from './shell/profile';
export {
  canOpenRoute,
  DEFAULT_ROUTE,
  type GuardSession,
  guardRoute,
  isChatRoute,
  LOGIN_ROUTE,
  LOGOUT_ROUTE,
  loginPath,
  matchRoute,
  ROUTES,
  type RouteAccess,
  type RouteDecision,
  type RouteDefinition,
  type RouteMatch,
  type RouteScreen,
  resolveRoute,
  safeReturnTo,
} from './shell/routes';
export { createStore, type ReadableStore, type WritableStore } from './store';
export {
  clampPage,
  PAGINATION_ELLIPSIS,
  type PaginationItem,
  pageCount,
  pageSlice,
  paginationWindow,
} from './tables/pagination';
export {
  columnSortDirection,
  compareValues,
  cycleSort,
  nextSortDirection,
  type SortDirection,
  type SortState,
  sortRows,
  UNSORTED,
} from './tables/sort';
export {
  ADMIN_ROLE,
  displayName,
  ELK_FEATURE,
  elkPermissionNote,
  hasElkAccess,
  hasPgaAccess,
  initials,
  isAdmin,
  type MaybeUser,
  PGA_ROLE,
  type User,
} from './user';
