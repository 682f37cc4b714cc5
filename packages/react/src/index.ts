/**
 * @digital-assistant/react: the headless layer of Digital Assistant. Plain stores and pure rules
 * (no React, no DOM), and hooks that connect them to React and to the SDK client.
 */

export {
  type AddUserForm,
  FEATURE_MULTISELECT_VISIBLE_ITEMS,
  type FormValidation,
  findSameRoleName,
  formErrors,
  isValidEmail,
  type ModifyRolesForm,
  MULTISELECT_PLACEHOLDER,
  type MultiselectConfig,
  multiselectConfig,
  type RoleGroupForm,
  roleGroupError,
  roleGroupSidebarTitle,
  roleNameKey,
  USER_MULTISELECT_VISIBLE_ITEMS,
  validateAddUser,
  validateModifyRoles,
} from './admin/admin-forms';
// Administration
export { adminMessages, type NoticeKind } from './admin/admin-messages';
export {
  type AdminSidebar,
  type AdminSidebarsState,
  type AdminSidebarsStore,
  createAdminSidebarsStore,
} from './admin/admin-sidebars';
export { type UseAdminSidebarsResult, useAdminSidebars } from './admin/admin-sidebars-hooks';
export {
  AUDIT_PAGE_SIZE,
  type AuditPage,
  type UseAuditLogOptions,
  type UseAuditLogResult,
  useAuditLog,
} from './admin/audit-hooks';
export {
  diffFeatures,
  featureLabel,
  KNOWN_FEATURES,
  type KnownFeature,
  type RoleGroupUpdateRequest,
  roleGroupUpdateRequests,
} from './admin/role-features';
export {
  type CreateRoleGroupInput,
  createRoleGroupErrorMessage,
  type FeatureListData,
  type UpdateRoleGroupInput,
  type UseCreateRoleGroupOptions,
  type UseFeatureListResult,
  type UseRoleGroupsResult,
  useCreateRoleGroup,
  useDeleteRoleGroup,
  useFeatureList,
  useLoadRoleGroup,
  useRoleGroup,
  useRoleGroups,
  useUpdateRoleGroup,
} from './admin/role-group-hooks';
export {
  type GenerateTokenInput,
  type MyTokensData,
  type UseMyTokensResult,
  type UseTokenOverlayResult,
  useGenerateToken,
  useMyTokens,
  useRevokeToken,
  useTokenOverlay,
} from './admin/token-hooks';
export {
  createTokenOverlayStore,
  maskToken,
  TOKEN_MASK_CHARACTER,
  type TokenOverlayState,
  type TokenOverlayStore,
} from './admin/token-overlay';
export {
  type SetUsersActiveInput,
  type UseDeleteUsersOptions,
  type UseSetUsersActiveOptions,
  type UseUsersResult,
  type UseUsersTableResult,
  useCreateUser,
  useDeleteUser,
  useDeleteUsers,
  useSetUsersActive,
  useUpdateUserRoles,
  useUsers,
  useUsersTable,
} from './admin/user-admin-hooks';
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
// Chat: the store, its transports, rules and hooks
export {
  type ChatChannelOptions,
  type ChatConversationNotice,
  type ChatHistoryItemView,
  type ChatSourceView,
  type UseChatDraftResult,
  type UseChatHistoryResult,
  type UseChatMessageActionsResult,
  type UseChatResult,
  type UseChatRouteResult,
  useChat,
  useChatDraft,
  useChatHistory,
  useChatMessage,
  useChatMessageActions,
  useChatMessageIds,
  useChatMessages,
  useChatRoute,
  useChatSelector,
  useChatSources,
  useChatStore,
} from './chat/chat-hooks';
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
  type ChatHistoryEntry,
  type ChatHistoryStatus,
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
// Core (any host: client, query client, notices, chat) and the app layer on top
export type { ClipboardWriter, Logger } from './core/context';
export {
  createNoticeStore,
  MAX_NOTICES,
  type Notice,
  type NoticeStore,
  type NoticesState,
} from './core/notices';
export {
  DigitalAssistantChatProvider,
  type DigitalAssistantChatProviderProps,
  DigitalAssistantCoreProvider,
  type DigitalAssistantCoreProviderProps,
  useClient,
} from './core/provider';
export { createQueryClient } from './core/query-client';
export {
  detectExtension,
  type ExtensionResult,
  invalidate,
  queryKeys,
} from './core/server-state';
// Stores
export { createStore, type ReadableStore, type WritableStore } from './core/store';
export { type UseNoticesResult, useNotices } from './core/use-notices';
// Rules about the signed-in user
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
} from './core/user';
// Knowledge base: File Status and the Train Bot upload
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
export {
  type KnowledgeDocumentsData,
  type KnowledgeDocumentsOptions,
  type KnowledgeDocumentTarget,
  knowledgeDocumentsQueryOptions,
  type TrainingDepartmentOption,
  type UseKnowledgeDocumentsResult,
  type UseKnowledgeDocumentsTableOptions,
  type UseKnowledgeDocumentsTableResult,
  type UseTrainingUploadOptions,
  type UseTrainingUploadResult,
  useDeleteKnowledgeDocument,
  useKnowledgeDocuments,
  useKnowledgeDocumentsTable,
  useReingestKnowledgeDocument,
  useTrainingUpload,
} from './knowledge/knowledge-hooks';
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
// Code review: the store, its rules and the screen's hook
export {
  type ReviewFileActions,
  type UseCodeReviewOptions,
  type UseCodeReviewResult,
  useCodeReview,
} from './review/review-hooks';
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
  type ReviewView,
} from './review/review-store';
// Session
export {
  createSessionStore,
  type SessionState,
  type SessionStatus,
  type SessionStore,
  type SessionStoreOptions,
} from './session/session';
export {
  type UseLoginResult,
  type UseLogoutResult,
  type UseLogoutRouteResult,
  type UseSessionResult,
  useLogin,
  useLogout,
  useLogoutRoute,
  useRouteGuard,
  useSession,
} from './session/session-hooks';
export { signInErrorMessage, signInErrorMessages, UNKNOWN_SIGN_IN_ERROR } from './session/sign-in-errors';
export type { NavigateOptions } from './shell/app-context';
// Menu panel and profile popup
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
  DigitalAssistantAppProvider,
  type DigitalAssistantAppProviderProps,
  DigitalAssistantProvider,
  type DigitalAssistantProviderProps,
} from './shell/provider';
// Route table and guard
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
export {
  type UseMenuPanelResult,
  type UseProfilePopupResult,
  useMenuModel,
  useMenuPanel,
  useProfilePopup,
} from './shell/shell-hooks';
// Tables: sorting and pagination
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
