import { type ChatDepartmentName, visibleChatDepartments } from '@digital-assistant/react';
import { useId } from 'react';
import { Button } from '../Button/Button';
import { BookIcon, ChevronDownIcon, GlobeIcon } from '../icons/icons';
import type { HeaderSelectorProps } from './HeaderSelector';

/** Props of `CompactHeaderSelector`: `HeaderSelector`'s, less the dropdown's `isNonModal`. */
export type CompactHeaderSelectorProps = Omit<HeaderSelectorProps, 'isNonModal'>;

/**
 * The chat-type selector in a small space (the embeddable widget): the Internal Knowledge and OpenAI
 * GPT buttons of `HeaderSelector`, then the department as a native `<select>` with a visible
 * 'Department' label instead of its hover dropdown (with Internal Knowledge only). The browser's own list is keyboard-usable and
 * announced as every select is, opens over any page (nothing is written outside the component, no
 * popover), and needs none of React Aria's menu, popover and collection code. Choosing a department
 * goes to its knowledge chat, as in the dropdown.
 */
export function CompactHeaderSelector({
  selection,
  department,
  canUsePga = false,
  hasKnowledge = true,
  hasAiChat = true,
  onSelectionChange,
  onDepartmentChange,
}: CompactHeaderSelectorProps) {
  const selectId = useId();
  const departments = visibleChatDepartments(canUsePga);
  const current = departments.find((option) => option.name === department) ?? departments[0]!;
  const chatType = (selectionOf: typeof selection) => ({
    variant: 'ghost' as const,
    className: 'da-header-selector-button',
    'data-selected': selection === selectionOf || undefined,
    'aria-pressed': selection === selectionOf,
    onPress: () => onSelectionChange(selectionOf),
  });
  return (
    <div className="da-compact-header-selector">
      {/* biome-ignore lint/a11y/useSemanticElements: buttons side by side are a group, not a form's fieldset */}
      <div className="da-header-selector" role="group" aria-label="Chat type">
        {hasKnowledge ? (
          <Button {...chatType('knowledge')}>
            <BookIcon />
            <span className="da-header-selector-label">Internal Knowledge</span>
          </Button>
        ) : null}
        {hasAiChat ? (
          <Button {...chatType('openai')}>
            <GlobeIcon />
            <span className="da-header-selector-label">OpenAI GPT</span>
          </Button>
        ) : null}
      </div>
      {hasKnowledge ? (
        <span className="da-department-select">
          <label htmlFor={selectId} className="da-department-select-label">
            Department
          </label>
          <select
            id={selectId}
            className="da-department-select-input"
            value={current.name}
            onChange={(event) => onDepartmentChange(event.currentTarget.value as ChatDepartmentName)}
          >
            {departments.map((option) => (
              <option key={option.name} value={option.name} title={option.description}>
                {option.name}
              </option>
            ))}
          </select>
          <ChevronDownIcon className="da-icon da-department-select-chevron" />
        </span>
      ) : null}
    </div>
  );
}
