/**
 * @digital-assistant/widget: the Digital Assistant chat for other teams' pages. A React component
 * (`ChatWidget`), `mount` for pages without React, and the strings shared with the server's
 * sign-in popup page. The script-tag build is `@digital-assistant/widget/widget.js`.
 */
export {
  ChatWidget,
  type ChatWidgetChatType,
  type ChatWidgetMode,
  type ChatWidgetProps,
} from './ChatWidget';
export {
  DEFAULT_TITLE,
  HELP_PATH,
  SIGN_IN_PATH,
  SIGNED_IN_MESSAGE_TYPE,
  SIGNED_IN_PATH,
  signInUrl,
} from './constants';
export { type MountedChatWidget, mount } from './mount';
export { readScriptOptions, type ScriptOptions } from './options';
export {
  createWidgetSession,
  type WidgetSession,
  type WidgetSessionOptions,
  type WidgetSessionState,
  type WidgetSessionStatus,
} from './session';
export { brandStyles, contrastRatio, parseHexColor, shadowStyles, type WidgetTheme } from './theme';
