/**
 * The script tag's `data-*` attributes as widget options, each checked: a value the widget cannot
 * use is reported (on the console, naming the attribute and what it accepts) and left out.
 */
import { findChatDepartment } from '@digital-assistant/core';
import type { ChatWidgetProps } from './ChatWidget';
import { isWidgetTheme, parseHexColor } from './theme';

/** What reading the attributes gave: the options, and the problems with the values left out. */
export interface ScriptOptions {
  options: ChatWidgetProps;
  problems: string[];
}

/**
 * Reads `data-base-url`, `data-department`, `data-chat-type`, `data-mode`, `data-theme`,
 * `data-brand-color`, `data-title` and `data-open` of the widget's script element. Without
 * `data-base-url`, the server the script came from.
 */
export function readScriptOptions(dataset: DOMStringMap, scriptSrc?: string): ScriptOptions {
  const problems: string[] = [];
  let baseUrl = dataset.baseUrl?.trim();
  if (!baseUrl) {
    try {
      baseUrl = scriptSrc ? new URL(scriptSrc).origin : '';
    } catch {
      baseUrl = '';
    }
  }
  const options: ChatWidgetProps = { baseUrl };
  const { department, chatType, mode, theme, brandColor, title, open } = dataset;
  if (department !== undefined) {
    if (findChatDepartment(department)) options.department = department;
    else
      problems.push(
        `data-department="${department}" is not a department: use Knowledge, IT, DevOps, CS, PGA or Education.`,
      );
  }
  if (chatType !== undefined) {
    if (chatType === 'knowledge' || chatType === 'openai') options.chatType = chatType;
    else problems.push(`data-chat-type="${chatType}" is not a chat type: use knowledge or openai.`);
  }
  if (mode !== undefined) {
    if (mode === 'launcher' || mode === 'inline') options.mode = mode;
    else problems.push(`data-mode="${mode}" is not a mode: use launcher or inline.`);
  }
  if (theme !== undefined) {
    if (isWidgetTheme(theme)) options.theme = theme;
    else problems.push(`data-theme="${theme}" is not a theme: use auto, light or dark.`);
  }
  if (brandColor !== undefined) {
    if (parseHexColor(brandColor)) options.brandColor = brandColor;
    else
      problems.push(
        `data-brand-color="${brandColor}" is not a colour the widget can use: give it as #rgb or #rrggbb.`,
      );
  }
  if (title?.trim()) options.title = title.trim();
  if (open !== undefined) options.defaultOpen = open !== 'false';
  return { options, problems };
}
