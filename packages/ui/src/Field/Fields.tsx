import type { ReactNode } from 'react';
import {
  TextField as AriaTextField,
  Button,
  FieldError,
  Input,
  Label,
  ListBox,
  ListBoxItem,
  Popover,
  Select,
  SelectValue,
  Text,
} from 'react-aria-components';
import { CheckIcon, ChevronDownIcon } from '../icons/icons';

/** Props of `TextInputField`. */
export interface TextInputFieldProps {
  /** Visible label. */
  label: string;
  /** Current text (controlled). */
  value: string;
  /** Called on every edit. */
  onChange: (value: string) => void;
  /** Input type. @default 'text' */
  type?: 'text' | 'email' | 'search';
  /** Error text; marks the field invalid. */
  errorMessage?: string;
  /** Help text under the field. */
  description?: ReactNode;
  placeholder?: string;
  isRequired?: boolean;
  isDisabled?: boolean;
  /** Form field name. */
  name?: string;
  autoComplete?: string;
  autoFocus?: boolean;
}

/** A labelled text input (react-aria TextField) with help and error text. */
export function TextInputField({
  label,
  value,
  onChange,
  type = 'text',
  errorMessage,
  description,
  placeholder,
  isRequired,
  isDisabled,
  name,
  autoComplete,
  autoFocus,
}: TextInputFieldProps) {
  return (
    <AriaTextField
      className="da-field"
      value={value}
      onChange={onChange}
      type={type}
      isRequired={isRequired}
      isDisabled={isDisabled}
      isInvalid={Boolean(errorMessage)}
      validationBehavior="aria"
      name={name}
      autoComplete={autoComplete}
      autoFocus={autoFocus}
    >
      <Label className="da-field-label">{label}</Label>
      <Input className="da-input" placeholder={placeholder} />
      {description ? (
        <Text slot="description" className="da-field-description">
          {description}
        </Text>
      ) : null}
      <FieldError className="da-field-error">{errorMessage}</FieldError>
    </AriaTextField>
  );
}

/** Props of `SelectField`. */
export interface SelectFieldProps {
  /** Visible label. */
  label: string;
  /** Options (their text is also their value), e.g. role group names. */
  options: readonly string[];
  /** The chosen option, or '' for none (controlled). */
  value: string;
  /** Called with the chosen option. */
  onChange: (value: string) => void;
  /** Shown when nothing is chosen. @default 'Select' */
  placeholder?: string;
  /** Error text; marks the field invalid. */
  errorMessage?: string;
  isRequired?: boolean;
  isDisabled?: boolean;
  /** Form field name. */
  name?: string;
}

/** A labelled single-choice select (react-aria Select) of plain string options. */
export function SelectField({
  label,
  options,
  value,
  onChange,
  placeholder = 'Select',
  errorMessage,
  isRequired,
  isDisabled,
  name,
}: SelectFieldProps) {
  return (
    <Select
      className="da-field"
      value={value || null}
      onChange={(key) => onChange(key === null ? '' : String(key))}
      placeholder={placeholder}
      isRequired={isRequired}
      isDisabled={isDisabled}
      isInvalid={Boolean(errorMessage)}
      validationBehavior="aria"
      name={name}
    >
      <Label className="da-field-label">{label}</Label>
      <Button className="da-select-trigger">
        <SelectValue className="da-select-value" />
        <ChevronDownIcon className="da-icon da-select-chevron" />
      </Button>
      <FieldError className="da-field-error">{errorMessage}</FieldError>
      <Popover className="da-popover da-select-popover" placement="bottom start">
        <ListBox className="da-listbox" items={options.map((option) => ({ id: option }))}>
          {(item) => (
            <ListBoxItem id={item.id} textValue={item.id} className="da-listbox-item">
              {({ isSelected }) => (
                <>
                  <span className="da-listbox-item-text">{item.id}</span>
                  {isSelected ? <CheckIcon /> : null}
                </>
              )}
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </Select>
  );
}
