import { Button as AriaButton, Input } from 'react-aria-components';
import { CloseIcon, SearchIcon } from '../icons/icons';

/**
 * The inside of a React Aria `SearchField` as every list's search looks: the search icon, the text
 * box and its own clear button. Internal to the package (File Status and Code Review use it).
 */
export function SearchFieldInput({ placeholder }: { placeholder: string }) {
  return (
    <div className="da-search-input">
      <SearchIcon />
      <Input className="da-input" placeholder={placeholder} />
      <AriaButton
        className="da-button da-icon-button da-search-clear"
        data-variant="ghost"
        data-size="sm"
        aria-label="Clear search"
      >
        <CloseIcon />
      </AriaButton>
    </div>
  );
}
