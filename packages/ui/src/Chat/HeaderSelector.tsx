import {
  type ChatDepartmentName,
  type ChatSelection,
  visibleChatDepartments,
} from '@digital-assistant/react';
import { type KeyboardEvent as ReactKeyboardEvent, useEffect, useRef, useState } from 'react';
import {
  Button as AriaButton,
  type KeyboardEvent,
  Menu,
  MenuItem,
  Popover,
  Text,
} from 'react-aria-components';
import { Button } from '../Button/Button';
import { BookIcon, CheckIcon, ChevronDownIcon, GlobeIcon } from '../icons/icons';

/** Delay before the dropdown opens on hover, so that passing over the button does not flash it. */
const HOVER_OPEN_MS = 120;
/** Delay before it closes once the pointer has left, so that it can travel to the dropdown. */
const HOVER_CLOSE_MS = 200;

/** Props of `HeaderSelector`. */
export interface HeaderSelectorProps {
  /** The current mode: department knowledge or the general AI chat. */
  selection: ChatSelection;
  /** The current (or last used) knowledge department. */
  department: ChatDepartmentName;
  /** Whether the user has the PGA capability; without it PGA is not offered. @default false */
  canUsePga?: boolean;
  /** Whether Internal Knowledge is offered (the user has the `chat` feature). @default true */
  hasKnowledge?: boolean;
  /** Whether OpenAI GPT is offered (the user has the `chatgpt` feature). @default true */
  hasAiChat?: boolean;
  /** Called by the two buttons: 'knowledge' (Internal Knowledge) or 'openai' (OpenAI GPT). */
  onSelectionChange: (selection: ChatSelection) => void;
  /** Called when a department is chosen in the dropdown. */
  onDepartmentChange: (department: ChatDepartmentName) => void;
  /**
   * Whether the dropdown stays non-modal when opened by keyboard too: nothing outside it is made
   * inert and the page's scrolling is not locked (React Aria writes both to the document, outside a
   * shadow root: the widget, on other teams' pages, passes it). Tab then leaves the dropdown from
   * its button, and a press outside closes it. @default false
   */
  isNonModal?: boolean;
}

/**
 * The chat-type selector of the header: an Internal Knowledge button whose dropdown (262px) lists
 * the departments with their descriptions, opened by hovering it or with Arrow Down, and an OpenAI
 * GPT button. PGA is listed only for users with the PGA capability; either button can be left out
 * for users without that chat (`hasKnowledge`, `hasAiChat`).
 */
export function HeaderSelector({
  selection,
  department,
  canUsePga = false,
  hasKnowledge = true,
  hasAiChat = true,
  onSelectionChange,
  onDepartmentChange,
  isNonModal = false,
}: HeaderSelectorProps) {
  const triggerRef = useRef<HTMLButtonElement>(null);
  const dropdownRef = useRef<HTMLElement>(null);
  const [openedBy, setOpenedBy] = useState<'hover' | 'keyboard' | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const departments = visibleChatDepartments(canUsePga);
  const current = departments.find((option) => option.name === department) ?? departments[0]!;
  const isOpen = openedBy !== null;

  const later = (action: () => void, ms: number) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(action, ms);
  };
  const hoverStart = () => {
    if (openedBy === 'keyboard') return;
    later(() => setOpenedBy('hover'), isOpen ? 0 : HOVER_OPEN_MS);
  };
  const hoverEnd = () => {
    if (openedBy === 'keyboard') return;
    later(() => setOpenedBy(null), HOVER_CLOSE_MS);
  };
  const close = (restoreFocus: boolean) => {
    clearTimeout(timer.current);
    setOpenedBy(null);
    if (restoreFocus) triggerRef.current?.focus();
  };
  // The dropdown closed on its own (Escape, a press outside, the focus leaving it): the focus goes
  // back to the button only from inside the dropdown, not from where it has moved on to.
  const isFocusInDropdown = () => {
    const dropdown = dropdownRef.current;
    const root = dropdown?.getRootNode() as Document | ShadowRoot | undefined;
    return Boolean(dropdown && root?.activeElement && dropdown.contains(root.activeElement));
  };

  // A non-modal dropdown opened by keyboard has no underlay to catch a press outside it: the
  // document's pointerdown closes it instead (through a shadow root's boundary: composedPath).
  const isKeyboardNonModal = isNonModal && openedBy === 'keyboard';
  useEffect(() => {
    const document = triggerRef.current?.ownerDocument;
    if (!isKeyboardNonModal || !document) return;
    const onPointerDown = (event: PointerEvent) => {
      const dropdown = dropdownRef.current;
      if (dropdown && event.composedPath().includes(dropdown)) return;
      clearTimeout(timer.current);
      setOpenedBy(null);
    };
    document.addEventListener('pointerdown', onPointerDown, true);
    return () => document.removeEventListener('pointerdown', onPointerDown, true);
  }, [isKeyboardNonModal]);
  // Tab from a non-modal dropdown (portalled at the end of the page) leaves from its button, as from
  // a menu button's menu: the dropdown closes, the focus goes back to the button and the browser's
  // Tab goes on from there. Captured before the menu's own Tab handling, which would keep it.
  const onDropdownKeyDownCapture = (event: ReactKeyboardEvent) => {
    if (!isNonModal || event.key !== 'Tab') return;
    event.stopPropagation();
    close(true);
  };
  // React Aria stops every key at a handler of its own unless told to go on: only Arrow Down (and
  // Escape while the dropdown hovers open) stop here; Escape otherwise reaches what holds the
  // selector (the widget's panel closes on it).
  const onTriggerKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      clearTimeout(timer.current);
      setOpenedBy('keyboard');
    } else if (event.key === 'Escape' && openedBy === 'hover') {
      close(false);
    } else {
      event.continuePropagation();
    }
  };

  return (
    // biome-ignore lint/a11y/useSemanticElements: two buttons side by side are a group, not a form's fieldset
    <div className="da-header-selector" role="group" aria-label="Chat type">
      {hasKnowledge ? (
        // biome-ignore lint/a11y/noStaticElementInteractions: hover only opens the dropdown the button's Arrow Down opens too
        <div className="da-header-selector-knowledge" onMouseEnter={hoverStart} onMouseLeave={hoverEnd}>
          <AriaButton
            ref={triggerRef}
            data-variant="ghost"
            data-size="md"
            className="da-button da-header-selector-button"
            data-selected={selection === 'knowledge' || undefined}
            aria-pressed={selection === 'knowledge'}
            aria-haspopup="menu"
            aria-expanded={isOpen}
            onPress={() => onSelectionChange('knowledge')}
            onKeyDown={onTriggerKeyDown}
          >
            <BookIcon />
            <span className="da-header-selector-label">Internal Knowledge</span>
            <span className="da-header-selector-department">{current.name}</span>
            <ChevronDownIcon className="da-icon da-header-selector-chevron" />
          </AriaButton>
          <Popover
            triggerRef={triggerRef}
            isOpen={isOpen}
            onOpenChange={(open) => {
              if (!open) close(openedBy === 'keyboard' && isFocusInDropdown());
            }}
            isNonModal={isNonModal || openedBy === 'hover'}
            placement="bottom start"
            offset={4}
            className="da-popover da-department-popover"
          >
            {/* Choosing a department goes to its chat, so the dropdown is navigation; being a landmark
              also keeps the non-modal (hover) dropdown, rendered at the end of the page, findable. */}
            <nav
              ref={dropdownRef}
              aria-label="Departments"
              onMouseEnter={hoverStart}
              onMouseLeave={hoverEnd}
              onKeyDownCapture={onDropdownKeyDownCapture}
            >
              <Menu
                aria-label="Departments"
                className="da-department-menu"
                autoFocus={openedBy === 'keyboard' ? 'first' : undefined}
                selectionMode="single"
                selectedKeys={selection === 'knowledge' ? [current.name] : []}
                onAction={(key) => {
                  close(openedBy === 'keyboard');
                  onDepartmentChange(key as ChatDepartmentName);
                }}
                onClose={() => close(true)}
              >
                {departments.map((option) => (
                  <MenuItem
                    key={option.name}
                    id={option.name}
                    textValue={option.name}
                    className="da-department-item"
                  >
                    {({ isSelected }) => (
                      <>
                        <span className="da-department-text">
                          <Text slot="label" className="da-department-label">
                            {option.name}
                          </Text>
                          <Text slot="description" className="da-department-description">
                            {option.description}
                          </Text>
                        </span>
                        {isSelected ? <CheckIcon /> : null}
                      </>
                    )}
                  </MenuItem>
                ))}
              </Menu>
            </nav>
          </Popover>
        </div>
      ) : null}
      {hasAiChat ? (
        <Button
          variant="ghost"
          className="da-header-selector-button"
          data-selected={selection === 'openai' || undefined}
          aria-pressed={selection === 'openai'}
          onPress={() => onSelectionChange('openai')}
        >
          <GlobeIcon />
          <span className="da-header-selector-label">OpenAI GPT</span>
        </Button>
      ) : null}
    </div>
  );
}
