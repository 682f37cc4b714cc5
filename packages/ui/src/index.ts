// Administration
export type { AddUserSidebarProps } from './AdminSidebars/AddUserSidebar';
export { AddUserSidebar } from './AdminSidebars/AddUserSidebar';
export type { ModifyUserRolesSidebarProps } from './AdminSidebars/ModifyUserRolesSidebar';
export { ModifyUserRolesSidebar } from './AdminSidebars/ModifyUserRolesSidebar';
export type { RoleSidebarProps } from './AdminSidebars/RoleSidebar';
export { RoleSidebar } from './AdminSidebars/RoleSidebar';
export type {
  AnswerFeedbackFilters,
  AnswerFeedbackTableProps,
} from './AnswerFeedbackTable/AnswerFeedbackTable';
export { AnswerFeedbackTable } from './AnswerFeedbackTable/AnswerFeedbackTable';
export type {
  AppShellAdminSectionProps,
  AppShellAgentsSectionProps,
  AppShellContentProps,
  AppShellContextValue,
  AppShellFooterProps,
  AppShellHeaderProps,
  AppShellMainProps,
  AppShellMenuHeaderProps,
  AppShellMenuLinkProps,
  AppShellMenuMode,
  AppShellMenuNavProps,
  AppShellMenuPanelProps,
  AppShellMenuSectionProps,
  AppShellRootProps,
  AppShellSkipLinkProps,
} from './AppShell';
export { AppShell, useAppShell } from './AppShell';
export type { AuditLogEntry, AuditLogTableProps } from './AuditLogTable/AuditLogTable';
export { AuditLogTable } from './AuditLogTable/AuditLogTable';
export type { AvatarProps } from './Avatar/Avatar';
export { Avatar } from './Avatar/Avatar';
export type {
  ButtonProps,
  ButtonSize,
  ButtonVariant,
  IconButtonProps,
  LinkButtonProps,
} from './Button/Button';
export { Button, IconButton, LinkButton } from './Button/Button';
// Chat
export type {
  AnswerSourcesEntry,
  AnswerSourcesProps,
  AnswerVoteProps,
  AnswerVoteValue,
  ChatComposerProps,
  ChatConversationProps,
  ChatHistoryListItem,
  ChatHistoryListProps,
  ChatIntroProps,
  ChatMessageItemProps,
  ChatScreenAsideProps,
  ChatScreenFooterProps,
  ChatScreenMessagesProps,
  ChatScreenPaneProps,
  ChatScreenPanesProps,
  ChatScreenRootProps,
  ChatSourcesPanelProps,
  ChatSuggestionsProps,
  ChatTypeDialogProps,
  CitationChipProps,
  CitationPreview,
  CompactHeaderSelectorProps,
  ElkMetricsPanelProps,
  HeaderSelectorProps,
  MessageActionsProps,
  MessageBubbleProps,
  MessageSender,
  MessageSpinnerProps,
  MessageStatus,
} from './Chat';
export {
  AnswerSources,
  AnswerVote,
  ChatAttachmentsBar,
  type ChatAttachmentsBarProps,
  ChatComposer,
  ChatConversation,
  ChatHistoryList,
  ChatIntro,
  ChatMessageItem,
  ChatScreen,
  ChatSourcesPanel,
  ChatSuggestions,
  ChatTypeDialog,
  CitationChip,
  CompactHeaderSelector,
  ElkMetricsPanel,
  HeaderSelector,
  MessageActions,
  MessageBubble,
  MessageSpinner,
} from './Chat';
// Code review
export type {
  CodeReviewFileTableProps,
  CodeReviewFunctionProps,
  CodeReviewHeaderProps,
  CodeReviewPageProps,
  CodeReviewTreeProps,
  CodeReviewUploadDialogProps,
  PythonCodeProps,
} from './CodeReview';
export {
  CodeReviewFileTable,
  CodeReviewFunction,
  CodeReviewHeader,
  CodeReviewMessage,
  CodeReviewPage,
  CodeReviewTree,
  CodeReviewUploadDialog,
  PythonCode,
  saveFile,
} from './CodeReview';
export type { ConfirmDialogProps } from './ConfirmDialog/ConfirmDialog';
export { ConfirmDialog } from './ConfirmDialog/ConfirmDialog';
export type { TableStateKind, TableStateMessageProps } from './DataTable/TableStateMessage';
export { TableStateMessage } from './DataTable/TableStateMessage';
export type { SelectFieldProps, TextInputFieldProps } from './Field/Fields';
export { SelectField, TextInputField } from './Field/Fields';
export type { FileStatusPageProps, FileStatusPagination } from './FileStatus/FileStatusPage';
export { FileStatusPage } from './FileStatus/FileStatusPage';
export type { FileStatusRow, FileStatusTableProps } from './FileStatus/FileStatusTable';
export { FileStatusTable } from './FileStatus/FileStatusTable';
export type { HealthPageProps } from './HealthPage/HealthPage';
export { HealthPage } from './HealthPage/HealthPage';
export type { IconProps } from './icons/icons';
export { ChatIcon, CloseIcon } from './icons/icons';
export { KnowledgeGapsList, type KnowledgeGapsListProps } from './KnowledgeGapsList/KnowledgeGapsList';
export type { LandingCardProps } from './Landing/LandingCard';
export { LandingCard } from './Landing/LandingCard';
export type { LandingCardsProps, LandingLinks, LandingPageProps } from './Landing/LandingPages';
export { AgentsLanding, DiscoverLanding, LandingCards } from './Landing/LandingPages';
export type { LoggedOutScreenProps } from './LoginScreen/LoggedOutScreen';
export { LoggedOutScreen } from './LoginScreen/LoggedOutScreen';
export type { LoginScreenProps } from './LoginScreen/LoginScreen';
export { LoginScreen } from './LoginScreen/LoginScreen';
export type { LogoProps } from './Logo/Logo';
export { Logo } from './Logo/Logo';
export type { CodeBlockProps } from './Markdown/CodeBlock';
export { CodeBlock } from './Markdown/CodeBlock';
export type { CopyButtonProps } from './Markdown/CopyButton';
export { CopyButton } from './Markdown/CopyButton';
export type { MarkdownBlocks } from './Markdown/MarkdownBlockSplitter';
export { MarkdownBlockSplitter } from './Markdown/MarkdownBlockSplitter';
export type { MarkdownContentProps } from './Markdown/MarkdownContent';
export { MarkdownContent } from './Markdown/MarkdownContent';
export type { MultiSelectItem, MultiSelectProps } from './MultiSelect/MultiSelect';
export { MultiSelect } from './MultiSelect/MultiSelect';
export type { PageHeaderProps } from './PageHeader/PageHeader';
export { PageHeader } from './PageHeader/PageHeader';
export type { PaginationProps } from './Pagination/Pagination';
export { Pagination } from './Pagination/Pagination';
export type { ProfilePopupProps, ProfileUser } from './ProfilePopup/ProfilePopup';
export { ProfilePopup } from './ProfilePopup/ProfilePopup';
export type { RoleGroupRow, RolesTableProps, RolesToolbarProps } from './RolesTable/RolesTable';
export { RolesTable, RolesToolbar } from './RolesTable/RolesTable';
export type { SidebarProps } from './Sidebar/Sidebar';
export { Sidebar } from './Sidebar/Sidebar';
export type {
  StarterQuestionsEditorDepartment,
  StarterQuestionsEditorProps,
} from './StarterQuestionsEditor/StarterQuestionsEditor';
export { StarterQuestionsEditor } from './StarterQuestionsEditor/StarterQuestionsEditor';
export type { NoticeStackProps, StatusBannerProps } from './StatusBanner/StatusBanner';
export { NoticeStack, StatusBanner } from './StatusBanner/StatusBanner';
export type { TenantSettingsPageProps } from './TenantSettingsPage/TenantSettingsPage';
export { TenantSettingsPage } from './TenantSettingsPage/TenantSettingsPage';
export type { TokenDialogProps } from './TokenDialog/TokenDialog';
export { TokenDialog } from './TokenDialog/TokenDialog';
export type { TokenRow, TokenStatus, TokensTableProps } from './TokensTable/TokensTable';
export { TokensTable } from './TokensTable/TokensTable';
export type { TrainBotSuccessDialogProps } from './TrainBot/TrainBotSuccessDialog';
export { TrainBotSuccessDialog } from './TrainBot/TrainBotSuccessDialog';
export type { TrainBotUploadDialogProps } from './TrainBot/TrainBotUploadDialog';
export { TrainBotUploadDialog } from './TrainBot/TrainBotUploadDialog';
export type {
  TrainBotFile,
  TrainBotRejectedFile,
  TrainBotUploaderProps,
} from './TrainBot/TrainBotUploader';
export { TrainBotUploader } from './TrainBot/TrainBotUploader';
export type {
  UsersAndPermissionsPageProps,
  UsersAndPermissionsTab,
} from './UsersAndPermissionsPage/UsersAndPermissionsPage';
export { UsersAndPermissionsPage } from './UsersAndPermissionsPage/UsersAndPermissionsPage';
export type { UsersTableProps } from './UsersTable/UsersTable';
export { UsersTable } from './UsersTable/UsersTable';
export type { UsersToolbarProps } from './UsersTable/UsersToolbar';
export { UsersToolbar } from './UsersTable/UsersToolbar';
