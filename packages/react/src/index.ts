/**
 * @digital-assistant/react: the headless layer of Digital Assistant. Plain stores and pure rules
 * (no React, no DOM), and hooks that connect them to React and to the SDK client.
 */

export {
  type AddUserForm,
  FEATURE_MULTISELECT_VISIBLE_ITEMS,
  type FormValidation,
  formErrors,
  isValidEmail,
  type ModifyRolesForm,
  MULTISELECT_PLACEHOLDER,
  type MultiselectConfig,
  multiselectConfig,
  type RoleGroupForm,
  roleGroupError,
  roleGroupSidebarTitle,
  USER_MULTISELECT_VISIBLE_ITEMS,
  validateAddUser,
  validateModifyRoles,
} from './admin-forms';
// Administration
export { adminMessages, type NoticeKind } from './admin-messages';
export {
  type AdminSidebar,
  type AdminSidebarsState,
  type AdminSidebarsStore,
  createAdminSidebarsStore,
} from './admin-sidebars';
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
} from './menu';
export { createNoticeStore, MAX_NOTICES, type Notice, type NoticeStore, type NoticesState } from './notices';
// Tables: sorting and pagination
export {
  clampPage,
  PAGINATION_ELLIPSIS,
  type PaginationItem,
  pageCount,
  pageSlice,
  paginationWindow,
} from './pagination';
export { PROFILE_POPUP_WIDTH, type ProfilePopupModel, profilePopupModel } from './profile';
export {
  diffFeatures,
  featureLabel,
  KNOWN_FEATURES,
  type KnownFeature,
  type RoleGroupUpdateRequest,
  roleGroupUpdateRequests,
} from './role-features';
// Route table and guard
export {
  canOpenRoute,
  DEFAULT_ROUTE,
  type GuardSession,
  guardRoute,
  isChatRoute,
  LOGIN_ROUTE,
  LOGOUT_ROUTE,
  matchRoute,
  ROUTES,
  type RouteAccess,
  type RouteDecision,
  type RouteDefinition,
  type RouteMatch,
  type RouteScreen,
  resolveRoute,
} from './routes';
export {
  columnSortDirection,
  compareValues,
  cycleSort,
  nextSortDirection,
  type SortDirection,
  type SortState,
  sortRows,
  UNSORTED,
} from './sort';
// Stores
export { createStore, type ReadableStore, type WritableStore } from './store';
export {
  type ClipboardWriter,
  createTokenOverlayStore,
  maskToken,
  TOKEN_MASK_CHARACTER,
  type TokenOverlayState,
  type TokenOverlayStore,
} from './token-overlay';
// Rules about the signed-in user
export {
  ADMIN_ROLE,
  displayName,
  hasPgaAccess,
  initials,
  isAdmin,
  type MaybeUser,
  PGA_ROLE,
  type User,
} from './user';
export {
  createTableStore,
  type TableState,
  type TableStore,
  type TableView,
  tableView,
  toUserRows,
  USER_COLUMNS,
  USERS_PAGE_SIZE,
  type UserColumn,
  type UserProfile,
  type UserRow,
} from './users-table';
