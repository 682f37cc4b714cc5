import { MULTISELECT_PLACEHOLDER } from '@digital-assistant/react';
import type { CSSProperties } from 'react';
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
  /** Secondary text, e.g. an e-mail under a name. */
  description?: string;
}

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

const ROW_HEIGHT_PX = 36;

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
  const listStyle = { '--da-multiselect-visible-items': visibleItemCount } as CSSProperties;
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
          <SearchField aria-label={searchLabel} className="da-multiselect-search" autoFocus>
            <SearchIcon />
            <Input className="da-input" placeholder="Search…" />
          </SearchField>
          <ListBox
            items={items}
            className="da-listbox"
            style={listStyle}
            data-row-height={ROW_HEIGHT_PX}
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
                    <span className="da-listbox-item-text">
                      <Text slot="label">{item.label}</Text>
                      {item.description ? (
                        <Text slot="description" className="da-listbox-item-description">
                          {item.description}
                        </Text>
                      ) : null}
                    </span>
                  </>
                )}
              </ListBoxItem>
            )}
          </ListBox>
        </Autocomplete>
      </Popover>
    </Select>
  );
}
