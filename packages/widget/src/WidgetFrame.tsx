import { chatMessages, displayName, hasPgaAccess, isAdmin } from '@digital-assistant/core';
import { openChatRoute, useChatMessages, useChatSelector, useChatStore } from '@digital-assistant/react/chat';
import {
  Button,
  ChatConversation,
  ChatIcon,
  ChatIntro,
  ChatScreen,
  ChatSourcesPanel,
  CloseIcon,
  CompactHeaderSelector,
  Logo,
  MessageSpinner,
} from '@digital-assistant/ui';
import {
  type KeyboardEvent,
  type ReactNode,
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import type { ChatWidgetChatType, ChatWidgetMode } from './ChatWidget';
import { HELP_PATH } from './constants';
import type { WidgetSession, WidgetSessionState } from './session';
import type { WidgetTheme } from './theme';

export interface WidgetFrameProps {
  session: WidgetSession;
  mode: ChatWidgetMode;
  title: string;
  department: string | undefined;
  chatType: ChatWidgetChatType;
  /**
   * Launcher mode: `closed`; `open` from the start (the page keeps its focus); or `opening`, opened
   * by the person before the panel had loaded (the focus moves in).
   */
  initialState: 'closed' | 'open' | 'opening';
  /** Closed, the launcher takes the focus at once (widget.js's early launcher had it). */
  isLauncherFocused: boolean;
  theme: WidgetTheme;
}

/** What the signed-in user may use: the knowledge chat (`chat`), the AI chat (`chatgpt`), PGA. */
function accessOf(state: WidgetSessionState) {
  return {
    hasKnowledge: state.features.includes('chat'),
    hasAiChat: state.features.includes('chatgpt'),
    canUsePga: hasPgaAccess(state.user, state.features),
  };
}

/**
 * The chat panes: the department's knowledge chat and the AI chat, each only with its feature. Without
 * a language model on the server the AI chat says so before anyone asks (administrators read which
 * settings to set) and its message box is disabled with the reason, as in the reference app.
 */
function WidgetPanes({ state }: { state: WidgetSessionState }) {
  const selection = useChatSelector(useCallback((chat) => chat.selection, []));
  const department = useChatSelector(useCallback((chat) => chat.department, []));
  const { hasKnowledge, hasAiChat } = accessOf(state);
  const { hasLanguageModel } = state;
  return (
    <ChatScreen.Root selection={selection}>
      <ChatScreen.Panes>
        {hasKnowledge ? (
          <ChatScreen.Pane pane="knowledge" aria-label={`Knowledge chat: ${department}`}>
            <ChatConversation
              channel="knowledge"
              intro={<ChatIntro selection="knowledge" department={department} />}
              composerLabel={`Message to ${department}`}
            />
          </ChatScreen.Pane>
        ) : null}
        {hasAiChat ? (
          <ChatScreen.Pane pane="openai" aria-label="AI chat">
            <ChatConversation
              channel="openai"
              intro={
                <ChatIntro
                  selection="openai"
                  hasLanguageModel={hasLanguageModel}
                  isAdmin={isAdmin(state.user)}
                />
              }
              composerLabel="Message to OpenAI GPT"
              disabledReason={hasLanguageModel ? undefined : chatMessages.modelMissingReason}
              // Without a model, questions about attached files are still answered (with excerpts).
              needsAttachmentsReason={hasLanguageModel ? undefined : chatMessages.modelMissingFilesReason}
            />
          </ChatScreen.Pane>
        ) : null}
      </ChatScreen.Panes>
    </ChatScreen.Root>
  );
}

/** The Sources button and panel: the latest knowledge answer's sources, shown on demand. */
function useSources() {
  const messages = useChatMessages({ channel: 'knowledge' });
  return messages.findLast((message) => message.sources)?.sources;
}

/** Sends the chat store who is signed in and opens the chat the host asked for, once per user. */
function useChatSetup(
  state: WidgetSessionState,
  department: string | undefined,
  chatType: ChatWidgetChatType,
) {
  const chat = useChatStore();
  const openedFor = useRef<string | null>(null);
  const email = state.status === 'signed-in' ? (state.user?.email ?? null) : null;
  const isSignedOut = state.status === 'signed-out';
  const { hasKnowledge, hasAiChat, canUsePga } = accessOf(state);
  useEffect(() => {
    if (email) chat.setUser({ email });
    else if (isSignedOut) chat.setUser(null);
  }, [chat, email, isSignedOut]);
  useEffect(() => {
    if (!email || openedFor.current === email) return;
    openedFor.current = email;
    const wantsAiChat = (chatType === 'openai' && hasAiChat) || !hasKnowledge;
    openChatRoute(chat, wantsAiChat ? undefined : (department ?? 'Knowledge'), { hasPgaAccess: canUsePga });
  }, [chat, email, department, chatType, hasKnowledge, hasAiChat, canUsePga]);
}

function Notice({ title, kind, children }: { title: string; kind?: 'explanation'; children?: ReactNode }) {
  return (
    <div className="da-widget-notice" data-kind={kind}>
      <h3>{title}</h3>
      {children}
    </div>
  );
}

/**
 * The popup signed the person in, but this page's calls still arrive without the session cookie:
 * what happened, what the page's owner can do, and where the person can chat meanwhile.
 */
function SessionCookieBlocked({ session }: { session: WidgetSession }) {
  const server = session.serverOrigin;
  const page = globalThis.location?.origin ?? 'this page';
  return (
    <Notice title="Signed in, but not on this page" kind="explanation">
      <p role="alert">
        You signed in, but your browser does not send that sign-in to {server} from this page ({page}).
        Browsers do that when the page and the assistant are on different sites, or when they block
        third-party cookies.
      </p>
      <p>
        <a href={`${server}/chat`} target="_blank" rel="noopener">
          Open Digital Assistant in its own tab
        </a>{' '}
        to chat there meanwhile.
      </p>
      <p>
        For this page’s owner: serve the assistant on the same site as this page, or set{' '}
        <code>COOKIE_SAMESITE=none</code> on its server with an https address (browsers that block third-party
        cookies still refuse it). See{' '}
        <a href={`${server}${HELP_PATH}`} target="_blank" rel="noopener">
          Embedding the chat widget
        </a>
        .
      </p>
      <Button onPress={session.signIn} data-widget-autofocus="">
        Sign in again
      </Button>
    </Notice>
  );
}

/** What the panel shows under its header, by the session's status. */
function WidgetBody({ session, state }: { session: WidgetSession; state: WidgetSessionState }) {
  if (state.status === 'checking') {
    return (
      <div className="da-widget-notice">
        <MessageSpinner aria-label="Checking your sign-in" />
      </div>
    );
  }
  if (state.status === 'signed-out' && state.isSessionCookieBlocked) {
    return <SessionCookieBlocked session={session} />;
  }
  if (state.status === 'signed-out') {
    return (
      <Notice title="Sign in to chat">
        <p>Sign in with your company account; it opens in a small window.</p>
        <Button variant="primary" onPress={session.signIn} data-widget-autofocus="">
          Sign in
        </Button>
        {state.isSigningIn ? <p role="status">Finish signing in in the window that opened.</p> : null}
        {state.isPopupBlocked ? (
          <p role="alert">
            The sign-in window was blocked. Allow pop-ups for this page, then press Sign in again.
          </p>
        ) : null}
      </Notice>
    );
  }
  if (state.status === 'unavailable') {
    return (
      <Notice title="The assistant cannot be reached">
        <p role="alert">{state.problem || 'The server did not answer.'}</p>
        <Button onPress={() => void session.refresh()} data-widget-autofocus="">
          Try again
        </Button>
      </Notice>
    );
  }
  const { hasKnowledge, hasAiChat } = accessOf(state);
  if (!hasKnowledge && !hasAiChat) {
    return (
      <Notice title="No chat for this account">
        <p>Ask an administrator for the chat or chatgpt feature.</p>
      </Notice>
    );
  }
  return <WidgetPanes state={state} />;
}

/** The launcher (or nothing, inline), and the panel with its header, sources and chat. */
export function WidgetFrame({
  session,
  mode,
  title,
  department,
  chatType,
  initialState,
  isLauncherFocused,
  theme,
}: WidgetFrameProps) {
  const state = useSyncExternalStore(session.subscribe, session.getSnapshot, session.getSnapshot);
  useChatSetup(state, department, chatType);
  const chat = useChatStore();
  const selection = useChatSelector(useCallback((chatState) => chatState.selection, []));
  const currentDepartment = useChatSelector(useCallback((chatState) => chatState.department, []));
  const sources = useSources();
  const [isOpen, setOpen] = useState(mode === 'inline' || initialState !== 'closed');
  const [isShowingSources, setShowingSources] = useState(false);
  const panelRef = useRef<HTMLDivElement>(null);
  const launcherRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const titleId = useId();
  const sourcesId = useId();
  const isLauncher = mode === 'launcher';
  const { hasKnowledge, hasAiChat, canUsePga } = accessOf(state);
  const sourceCount = Object.keys(sources ?? {}).length;
  const canShowSources = state.status === 'signed-in' && selection === 'knowledge' && sourceCount > 0;

  // Opening the panel moves focus into it: the message box, else the notice's button, else the panel.
  const hasOpened = useRef(false);
  const focusIntoPanel = useCallback(() => {
    const panel = panelRef.current;
    const target =
      panel?.querySelector<HTMLElement>('.da-chat-pane[data-active] textarea') ??
      panel?.querySelector<HTMLElement>('[data-widget-autofocus]') ??
      panel;
    target?.focus();
  }, []);
  useEffect(() => {
    if (!isLauncher || !isOpen) return;
    const isFirst = !hasOpened.current;
    hasOpened.current = true;
    if (isFirst && initialState === 'open') return; // Open from the start: the page keeps its own focus.
    focusIntoPanel();
  }, [isLauncher, isOpen, initialState, focusIntoPanel]);
  // In place of widget.js's early launcher, which had the focus: this one takes it (once).
  const [shouldFocusLauncher] = useState(isLauncherFocused && mode === 'launcher');
  useEffect(() => {
    if (shouldFocusLauncher) launcherRef.current?.focus();
  }, [shouldFocusLauncher]);
  // Opened while the session was being checked, the focus waits on the panel itself: it moves on to
  // the message box or the notice's button once they are there (never away from where the person went).
  const contentKey = `${state.status}:${state.isSessionCookieBlocked}:${selection}`;
  useEffect(() => {
    const panel = panelRef.current;
    if (!isLauncher || !isOpen || !contentKey || !panel) return;
    if ((panel.getRootNode() as ShadowRoot | Document).activeElement === panel) focusIntoPanel();
  }, [isLauncher, isOpen, contentKey, focusIntoPanel]);

  const close = () => {
    setOpen(false);
    launcherRef.current?.focus();
  };
  // Escape anywhere in the widget (the panel or the launcher itself) closes the open panel; a menu
  // or tooltip open in it handles its own Escape first (they open outside this element).
  const onKeyDown = (event: KeyboardEvent) => {
    if (!isLauncher || !isOpen || event.key !== 'Escape' || event.defaultPrevented) return;
    event.preventDefault();
    close();
  };

  const user = state.status === 'signed-in' ? state.user : null;
  const panelContent = (
    <>
      <div className="da-widget-header">
        <div className="da-widget-title-row">
          <Logo size={24} />
          <h2 id={titleId} className="da-widget-title">
            {title}
          </h2>
          {user ? <span className="da-widget-user">{displayName(user)}</span> : null}
          {isLauncher ? (
            <button type="button" className="da-widget-icon-button" aria-label="Close chat" onClick={close}>
              <CloseIcon />
            </button>
          ) : null}
        </div>
        {user && (hasKnowledge || hasAiChat) ? (
          <div className="da-widget-toolbar">
            {/* The department as a native select: no popover over the host page, and none of React
              Aria's menu code in widget-panel.js (README, "Size"). */}
            <CompactHeaderSelector
              selection={selection}
              department={currentDepartment}
              canUsePga={canUsePga}
              hasKnowledge={hasKnowledge}
              hasAiChat={hasAiChat}
              onSelectionChange={chat.chooseChatType}
              onDepartmentChange={chat.chooseDepartment}
            />
            {canShowSources ? (
              <Button
                variant="ghost"
                size="sm"
                className="da-widget-sources-toggle"
                aria-expanded={isShowingSources}
                aria-controls={sourcesId}
                onPress={() => setShowingSources((showing) => !showing)}
              >
                Sources ({sourceCount})
              </Button>
            ) : null}
          </div>
        ) : null}
      </div>
      {canShowSources && isShowingSources ? (
        <div id={sourcesId} className="da-widget-sources">
          <ChatSourcesPanel sources={sources} />
        </div>
      ) : null}
      <div className="da-widget-body">
        <WidgetBody session={session} state={state} />
      </div>
    </>
  );

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: Escape from any of its parts closes the panel; each part is itself focusable.
    <div
      className="da-widget"
      data-mode={mode}
      data-theme={theme}
      data-state={isOpen ? 'open' : 'closed'}
      onKeyDown={onKeyDown}
    >
      {isLauncher ? (
        <>
          <div
            ref={panelRef}
            id={panelId}
            className="da-widget-panel"
            role="dialog"
            aria-modal="false"
            aria-labelledby={titleId}
            tabIndex={-1}
            hidden={!isOpen}
          >
            {panelContent}
          </div>
          <button
            ref={launcherRef}
            type="button"
            className="da-widget-launcher"
            aria-label={`Chat with ${title}`}
            aria-expanded={isOpen}
            aria-controls={panelId}
            onClick={() => setOpen((open) => !open)}
          >
            {isOpen ? <CloseIcon /> : <ChatIcon />}
          </button>
        </>
      ) : (
        <section ref={panelRef} className="da-widget-panel" aria-labelledby={titleId}>
          {panelContent}
        </section>
      )}
    </div>
  );
}
