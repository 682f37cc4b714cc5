/**
 * The stylesheets of `@digital-assistant/ui` the widget's shadow root takes, as text: its design
 * tokens, its shared rules and the chat components' own stylesheets (each beside its component in
 * the UI), in the UI's order (its `styles.css`), so the cascade is the reference app's.
 */

import avatar from '@digital-assistant/ui/Avatar/Avatar.css?raw';
import button from '@digital-assistant/ui/Button/Button.css?raw';
import base from '@digital-assistant/ui/base.css?raw';
import answerSources from '@digital-assistant/ui/Chat/AnswerSources.css?raw';
import chatComposer from '@digital-assistant/ui/Chat/ChatComposer.css?raw';
import chatScreen from '@digital-assistant/ui/Chat/ChatScreen.css?raw';
import chatSourcesPanel from '@digital-assistant/ui/Chat/ChatSourcesPanel.css?raw';
import citationChip from '@digital-assistant/ui/Chat/CitationChip.css?raw';
import headerSelector from '@digital-assistant/ui/Chat/HeaderSelector.css?raw';
import messageBubble from '@digital-assistant/ui/Chat/MessageBubble.css?raw';
import logo from '@digital-assistant/ui/Logo/Logo.css?raw';
import markdown from '@digital-assistant/ui/Markdown/Markdown.css?raw';
import popover from '@digital-assistant/ui/shared/popover.css?raw';
import tokens from '@digital-assistant/ui/tokens.css?raw';

export const uiStyles = [
  tokens,
  base,
  button,
  logo,
  avatar,
  popover,
  markdown,
  citationChip,
  messageBubble,
  chatComposer,
  headerSelector,
  chatSourcesPanel,
  answerSources,
  chatScreen,
].join('\n');
