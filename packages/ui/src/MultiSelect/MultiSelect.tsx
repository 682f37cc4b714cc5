import { MULTISELECT_PLACEHOLDER } from '@digital-assistant/react';
import { type ReactNode, useLayoutEffect, useRef } from 'react';
import {
  Autocomplete,
  Button,
  FieldError,
  Input,
  type Key,
  Label,
  ListBox,
  ListBoxItem,
  Popover,
  SearchField,
  Select,
  SelectValue,
  Text,
  useFilter,
} from 'react-aria-components';
import { CheckIcon, ChevronDownIcon, SearchIcon } from '../icons/icons';

/** One option of a MultiSelect. */
export interface MultiSelectItem {
  /** Value reported in `selectedKeys`. */
  id: string;
  /** Text shown and searched. */
  label: string;
  /** Secondary text, e.g. an e-mail under a name; part of the option's accessible name, as it is visible. */
  description?: string;
}

/** Props of `MultiSelect`. */
export interface MultiSelectProps {
  /** Visible label. */
  label: string;
  /** Options, in display order. */
  items: readonly MultiSelectItem[];
  /** Ids of the chosen options (controlled). */
  selectedKeys: readonly string[];
  /** Called with the new list of chosen ids. */
  onSelectionChange: (keys: string[]) => void;
  /** Shown when nothing is chosen. @default 'Select' */
  placeholder?: string;
  /** Options listed at once before the list scrolls (6 for users, 8 for features). @default 6 */
  visibleItemCount?: number;
  /** Chosen options named in the closed field before it says '+N more'. @default 3 */
  maxChipCount?: number;
  /** Accessible name of the search box. @default 'Search' */
  searchLabel?: string;
  /** Help text under the field. */
  description?: string;
  /** Error text; marks the field invalid. */
  errorMessage?: string;
  isRequired?: boolean;
  isDisabled?: boolean;
  /** Form field name. */
  name?: string;
}

/**
 * The scrolling part of the open list: the search field (sticky on top) and the options, at most
 * `visibleItemCount` of them in view. The height is measured from the options as they render (their
 * height and spacing depend on the font, the description line and the width), not assumed. The
 * search field being inside it also gives the scrolling region something focusable, so it can be
 * scrolled from the keyboard.
 */
function MultiSelectScrollArea({
  visibleItemCount,
  children,
}: {
  visibleItemCount: number;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const area = ref.current;
    const listBox = area?.querySelector<HTMLElement>('[role="listbox"]');
    if (!area || !listBox) return;
    const fitToOptions = () => {
      const options = listBox.querySelectorAll('[role="option"]');
      const first = options[0]?.getBoundingClientRect();
      if (!first || first.height === 0) return; // nothing laid out (no options, or no layout engine)
      const areaBox = area.getBoundingClientRect();
      // The popover may be scaling in: client rectangles are scaled, CSS pixels are wanted.
      const scale = areaBox.width / (Number.parseFloat(getComputedStyle(area).width) || areaBox.width);
      const pitch =
        options.length > 1 ? (options[1]?.getBoundingClientRect().top ?? 0) - first.top : first.height;
      const firstTop = first.top - areaBox.top;
      const listPaddingBottom = Number.parseFloat(getComputedStyle(listBox).paddingBottom) || 0;
      const height = (firstTop + (visibleItemCount - 1) * pitch + first.height) / scale + area.scrollTop;
      area.style.maxHeight = `${Math.round(height + listPaddingBottom)}px`;
      // Options scrolled into view from the keyboard stop below the sticky search field.
      area.style.scrollPaddingTop = `${Math.floor((listBox.getBoundingClientRect().top - areaBox.top) / scale + area.scrollTop)}px`;
    };
    fitToOptions();
    if (typeof ResizeObserver === 'undefined') return;
    // Options arrive after the first layout, and the search field and options change height with
    // fonts loading and the popover's width.
    let frame = 0;
    const observer = new ResizeObserver(() => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(fitToOptions);
    });
    for (const child of area.children) observer.observe(child);
    return () => {
      cancelAnimationFrame(frame);
      observer.disconnect();
    };
  }, [visibleItemCount]);
  return (
    <div ref={ref} className="da-multiselect-scroll-area">
      {children}
    </div>
  );
}

/**
 * A searchable multiple-choice select: a react-aria Select (selectionMode multiple) whose popover
 * holds an Autocomplete with a search field over a ListBox.
 */
export function MultiSelect({
  label,
  items,
  selectedKeys,
  onSelectionChange,
  placeholder = MULTISELECT_PLACEHOLDER,
  visibleItemCount = 6,
  maxChipCount = 3,
  searchLabel = 'Search',
  description,
  errorMessage,
  isRequired,
  isDisabled,
  name,
}: MultiSelectProps) {
  const { contains } = useFilter({ sensitivity: 'base' });
  const chosen = items.filter((item) => selectedKeys.includes(item.id));
  const shown = chosen.slice(0, maxChipCount);
  const hiddenCount = chosen.length - shown.length;
  return (
    <Select
      selectionMode="multiple"
      className="da-field da-multiselect"
      value={[...selectedKeys]}
      onChange={(keys: Key[]) => onSelectionChange(keys.map(String))}
      placeholder={placeholder}
      isRequired={isRequired}
      isDisabled={isDisabled}
      isInvalid={Boolean(errorMessage)}
      validationBehavior="aria"
      name={name}
    >
      <Label className="da-field-label">{label}</Label>
      <Button className="da-select-trigger da-multiselect-trigger">
        <SelectValue className="da-multiselect-value">
          {({ isPlaceholder }) =>
            isPlaceholder || chosen.length === 0 ? (
              placeholder
            ) : (
              <>
                {shown.map((item) => (
                  <span key={item.id} className="da-chip">
                    {item.label}
                  </span>
                ))}
                {hiddenCount > 0 ? (
                  <span className="da-chip" data-variant="more">{`+${hiddenCount} more`}</span>
                ) : null}
              </>
            )
          }
        </SelectValue>
        <ChevronDownIcon className="da-icon da-select-chevron" />
      </Button>
      {description ? (
        <Text slot="description" className="da-field-description">
          {description}
        </Text>
      ) : null}
      <FieldError className="da-field-error">{errorMessage}</FieldError>
      <Popover className="da-popover da-select-popover da-multiselect-popover" placement="bottom start">
        <Autocomplete filter={contains}>
          <MultiSelectScrollArea visibleItemCount={visibleItemCount}>
            <SearchField aria-label={searchLabel} className="da-multiselect-search" autoFocus>
              <SearchIcon />
              <Input className="da-input" placeholder="Search…" />
            </SearchField>
            <ListBox
              items={items}
              className="da-listbox"
              renderEmptyState={() => <div className="da-listbox-empty">No matches</div>}
            >
              {(item) => (
                <ListBoxItem id={item.id} textValue={item.label} className="da-listbox-item">
                  {({ isSelected }) => (
                    <>
                      <span
                        className="da-checkbox-box"
                        data-selected={isSelected || undefined}
                        aria-hidden="true"
                      >
                        {isSelected ? <CheckIcon /> : null}
                      </span>
                      {/* Named by all its visible text (label, then description), so what is seen is what is announced. */}
                      <span className="da-listbox-item-text">
                        <span className="da-listbox-item-label">{item.label}</span>
                        {item.description ? (
                          <>
                            {' '}
                            <span className="da-listbox-item-description">{item.description}</span>
                          </>
                        ) : null}
                      </span>
                    </>
                  )}
                </ListBoxItem>
              )}
            </ListBox>
          </MultiSelectScrollArea>
        </Autocomplete>
      </Popover>
    </Select>
  );
}
