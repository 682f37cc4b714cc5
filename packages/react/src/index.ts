/**
 * @digital-assistant/react: React bindings of Digital Assistant. Providers and hooks that connect
 * the framework-free core (`@digital-assistant/core`: plain stores, transports, rules) to React and
 * to TanStack Query.
 */

// The framework-free core's names that this package's users read (the rest: import @digital-assistant/core)
export {
  buildReviewTree,
  CHAT_DEPARTMENTS,
  CHAT_LAYOUT,
  CHAT_TEXTS,
  CHAT_TYPE_OPTIONS,
  type ChatChannel,
  type ChatDepartmentName,
  type ChatHistoryEntry,
  type ChatHistoryGroup,
  type ChatHistoryMatch,
  type ChatMessage,
  type ChatMessageError,
  type ChatMessageStatus,
  type ChatSelection,
  type Conversation,
  canDeleteReviewFile,
  canDownloadReviewFile,
  canReingestDocument,
  canViewReviewFile,
  chatMessages,
  columnSortDirection,
  createStore,
  createTrainingUploadStore,
  cycleSort,
  departmentsLabel,
  displayName,
  documentStatusTone,
  type ElkDisplay,
  elkPermissionNote,
  filePercents,
  findChatDepartment,
  firstReviewFunction,
  formatFileSize,
  groupChatHistory,
  hasElkAccess,
  hasPgaAccess,
  initiallyExpanded,
  initials,
  isAdmin,
  isDocumentInProgress,
  isValidPrompt,
  KNOWLEDGE_DEPARTMENTS,
  KNOWLEDGE_DOCUMENT_COLUMNS,
  type KnowledgeDocumentColumn,
  type KnowledgeDocumentCounts,
  type KnowledgeDocumentRow,
  knowledgeDocumentsPage,
  knowledgeMessages,
  type MenuItem,
  type Notice,
  PAGINATION_ELLIPSIS,
  type PaginationItem,
  pageCount,
  paginationWindow,
  profilePopupModel,
  REVIEW_SCROLL_OFFSET_PX,
  type ReadableStore,
  type ReviewMessage,
  type ReviewPage,
  type ReviewTreeFunction,
  type ReviewTreeNode,
  type RouteMatch,
  type RouteScreen,
  reviewMessages,
  reviewPage,
  reviewStatusKind,
  reviewStatusLabel,
  reviewTreeIndent,
  type SortDirection,
  type SortState,
  signInErrorMessage,
  statusCellState,
  TRAINING_FILE_ACCEPT,
  TRAINING_FILE_FORMATS_TEXT,
  TRAINING_MAX_FILE_BYTES,
  TRAINING_MAX_FILES,
  type TrainingUploadStore,
  UNSORTED,
  type User,
  visibleChatDepartments,
  walkReviewTree,
} from '@digital-assistant/core';

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
  type AuditPage,
  auditLogQueryOptions,
  type UseAuditLogOptions,
  type UseAuditLogResult,
  useAuditLog,
} from './admin/audit-hooks';
export {
  type AnswerVoteInput,
  answerFeedbackQueryOptions,
  FEEDBACK_PAGE_SIZE,
  type UseAnswerFeedbackListResult,
  useAnswerFeedbackList,
  useVoteOnAnswer,
} from './admin/feedback-hooks';
export {
  featureLabel,
  KNOWN_FEATURES,
  type KnownFeature,
} from './admin/role-features';
export {
  type CreateRoleGroupInput,
  createRoleGroupErrorMessage,
  type FeatureListData,
  featureListQueryOptions,
  roleGroupQueryOptions,
  roleGroupsQueryOptions,
  type UpdateRoleGroupInput,
  type UseCreateRoleGroupOptions,
  type UseFeatureListResult,
  type UseRoleGroupsResult,
  useCreateRoleGroup,
  useDeleteRoleGroup,
  useFeatureList,
  useLoadRoleGroup,
  useRoleGroups,
  useUpdateRoleGroup,
} from './admin/role-group-hooks';
export {
  type GenerateTokenInput,
  type MyTokensData,
  myTokensQueryOptions,
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
  usersQueryOptions,
  useSetUsersActive,
  useUpdateUserRoles,
  useUsers,
  useUsersTable,
} from './admin/user-admin-hooks';
export {
  createTableStore,
  type TableState,
  type TableStore,
  type TableView,
  tableView,
  USER_COLUMNS,
  USER_STATUS_COLUMN,
  USERS_PAGE_SIZE,
  type UserColumn,
  type UserProfile,
  type UserRow,
  type UserStatus,
} from './admin/users-table';
// The chat bindings (the `/chat` entry: hooks, provider, notices; the store, its transports and rules are in the core)
export * from './chat';
export { useChatNavigation } from './chat/chat-hooks';
export type { ChatRouting } from './chat/chat-routing';
// Core (any host: client, query client, notices, chat) and the app layer on top
export { DigitalAssistantCoreProvider, type DigitalAssistantCoreProviderProps } from './core/provider';
// Knowledge base: File Status and the Train Bot upload
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
  useKnowledgeDocumentsTable,
  useReingestKnowledgeDocument,
  useTrainingUpload,
} from './knowledge/knowledge-hooks';
// Code review: the screen's hook over the core's store
export {
  type ReviewFileActions,
  type UseCodeReviewOptions,
  type UseCodeReviewResult,
  useCodeReview,
} from './review/review-hooks';
// Session
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
export type { NavigateOptions } from './shell/app-context';
// The app layer: navigation, session, menu panel
export {
  DigitalAssistantAppProvider,
  type DigitalAssistantAppProviderProps,
  DigitalAssistantProvider,
  type DigitalAssistantProviderProps,
} from './shell/provider';
// Menu panel and profile popup
export {
  type UseMenuPanelResult,
  useMenuModel,
  useMenuPanel,
} from './shell/shell-hooks';
