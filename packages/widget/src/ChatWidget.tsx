/**
 * The embeddable chat: `@digital-assistant/react`'s chat provider (SDK client, chat store, streamed
 * answers) around `@digital-assistant/ui`'s chat parts, in a shadow root, as a launcher button with a
 * panel or inline in the page.
 */
import { DigitalAssistantChatProvider } from '@digital-assistant/react/chat';
import { createClient, type DigitalAssistantClient } from '@digital-assistant/sdk';
import { useEffect, useMemo, useState } from 'react';
import { DEFAULT_TITLE } from './constants';
import launcherStyles from './launcher.css?raw';
import { ShadowContent, ShadowHost } from './ShadowHost';
import { createWidgetSession, type WidgetSession } from './session';
import { themedStyles, type WidgetTheme } from './theme';
import { uiStyles } from './ui-styles';
import { WidgetFrame } from './WidgetFrame';
import widgetStyles from './widget.css?raw';

/** `launcher`: a floating button opening the chat in a panel; `inline`: the chat fills its place in the page. */
export type ChatWidgetMode = 'launcher' | 'inline';

/** The chat a widget opens on: a department's knowledge chat or the general AI chat. */
export type ChatWidgetChatType = 'knowledge' | 'openai';

/** Props of {@link ChatWidget} (and options of `mount`). */
export interface ChatWidgetProps {
  /**
   * The Digital Assistant server, e.g. `https://assistant.example.com`. Its session cookie is used
   * (`credentials: 'include'`); a page on another origin must be in the server's `WIDGET_ORIGINS`.
   */
  baseUrl: string;
  /**
   * The knowledge department the chat opens on: Knowledge, IT, DevOps, CS, PGA or Education (any
   * case). PGA needs the PGA role; an unknown or forbidden department opens Knowledge.
   * @default 'Knowledge'
   */
  department?: string;
  /**
   * Open on the department's knowledge chat or on the general AI chat (OpenAI GPT).
   * @default 'knowledge'
   */
  chatType?: ChatWidgetChatType;
  /** @default 'launcher' */
  mode?: ChatWidgetMode;
  /**
   * `auto` follows the host's `prefers-color-scheme`; `light` or `dark` force one.
   * @default 'auto'
   */
  theme?: WidgetTheme;
  /**
   * A brand colour (`#rgb` or `#rrggbb`) for the accent: buttons, the launcher, links, the focus
   * ring. Shades are adjusted where needed to keep the text readable.
   */
  brandColor?: string;
  /**
   * The panel's title and the launcher's name.
   * @default 'Digital Assistant'
   */
  title?: string;
  /**
   * Launcher mode: the panel is open from the start.
   * @default false
   */
  defaultOpen?: boolean;
  /**
   * How answers come: streamed (`'sse'`, falling back to JSON on a server that does not stream) or
   * plain JSON calls.
   * @default 'sse'
   */
  chatTransport?: 'sse' | 'json';
  /**
   * The fetch the SDK client uses (tests, proxies).
   * @default globalThis.fetch
   */
  fetch?: (request: Request) => Promise<Response>;
  /** The window the sign-in popup is opened from. @default globalThis.window */
  window?: Window;
}

interface WidgetSetup {
  client: DigitalAssistantClient;
  session: WidgetSession;
}

function createSetup(props: ChatWidgetProps): WidgetSetup {
  // A page on another origin cannot read the server's XSRF cookie; the SDK client sends back the
  // token the server hands this origin (X-XSRF-Token on the session call) to that server only.
  const client = createClient({ baseUrl: props.baseUrl, fetch: props.fetch });
  const session = createWidgetSession({ client, baseUrl: props.baseUrl, window: props.window });
  return { client, session };
}

/**
 * The Digital Assistant chat for another team's page: streamed answers with citation chips and
 * sources, the knowledge departments the user may use and the general AI chat, all by keyboard too.
 * It renders in a shadow root with its own styles, so the page's CSS and the widget's do not meet.
 * The user's session cookie on `baseUrl` identifies them; without one, Sign in opens single
 * sign-on in a popup. Changing `baseUrl`, `fetch` or `chatTransport` later has no effect (remount
 * with a new `key` to switch servers).
 * @example
 * <ChatWidget baseUrl="https://assistant.example.com" department="IT" />
 * <ChatWidget baseUrl="https://assistant.example.com" mode="inline" theme="dark" brandColor="#0a7d55" />
 */
export function ChatWidget(props: ChatWidgetProps) {
  return (
    <ShadowHost isTopLayer={(props.mode ?? 'launcher') === 'launcher'}>
      <ChatWidgetContent {...props} />
    </ShadowHost>
  );
}

/** Props of {@link ChatWidgetContent}: the widget's, and how the panel starts. */
export interface ChatWidgetContentProps extends ChatWidgetProps {
  /**
   * Launcher mode: the person has just pressed the launcher (widget.js drew it before this loaded):
   * the panel starts open and takes the focus, as if opened here.
   */
  isOpening?: boolean;
  /** Launcher mode, closed: widget.js's launcher had the focus, so the widget's own launcher takes it. */
  isLauncherFocused?: boolean;
}

/** Everything inside the widget's shadow root; `ChatWidget` renders it in its host, widget.js in its own. */
export function ChatWidgetContent(props: ChatWidgetContentProps) {
  const { theme = 'auto', brandColor, chatTransport = 'sse' } = props;
  const [setup] = useState(() => createSetup(props));
  useEffect(() => {
    void setup.session.refresh();
    return () => setup.session.dispose();
  }, [setup]);
  const styles = useMemo(
    () => themedStyles(`${uiStyles}\n${launcherStyles}\n${widgetStyles}`, theme, brandColor),
    [theme, brandColor],
  );
  const initialState = props.isOpening ? 'opening' : props.defaultOpen ? 'open' : 'closed';
  return (
    <ShadowContent styles={styles}>
      <DigitalAssistantChatProvider client={setup.client} chatTransport={chatTransport}>
        <WidgetFrame
          session={setup.session}
          mode={props.mode ?? 'launcher'}
          title={props.title ?? DEFAULT_TITLE}
          department={props.department}
          chatType={props.chatType ?? 'knowledge'}
          initialState={initialState}
          isLauncherFocused={props.isLauncherFocused ?? false}
          theme={theme}
        />
      </DigitalAssistantChatProvider>
    </ShadowContent>
  );
}
