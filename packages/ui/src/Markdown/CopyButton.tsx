import { CHAT_LAYOUT, CHAT_TEXTS } from '@digital-assistant/react';
import { useEffect, useRef, useState } from 'react';
import { Button } from '../Button/Button';
import { CheckIcon, CopyIcon } from '../icons/icons';

/** How long 'Copied' stays after copying (spec section 9: copy confirmation 3000 ms). */
const COPY_CONFIRMATION_MS = CHAT_LAYOUT.copyConfirmationMs;

/** Props of `CopyButton`. */
export interface CopyButtonProps {
  /** The text put on the clipboard. */
  text: string;
  /** Accessible name while it reads Copy, e.g. 'Copy code'. @default 'Copy' */
  'aria-label'?: string;
}

/** Puts `text` on the clipboard: the Clipboard API, else a selected textarea (pages over plain HTTP). */
export async function writeToClipboard(text: string): Promise<void> {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      return;
    }
  } catch {
    // Refused (no permission, document not focused): try the older way below.
  }
  // Pages served over plain HTTP have no Clipboard API; a selected textarea can still be copied.
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.append(area);
  area.select();
  try {
    if (!document.execCommand('copy')) throw new Error('Copy was refused');
  } finally {
    area.remove();
  }
}

/** A button labelled Copy that copies `text` and reads Copied for three seconds. */
export function CopyButton({ text, 'aria-label': ariaLabel }: CopyButtonProps) {
  const [isCopied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  return (
    <Button
      size="sm"
      variant="ghost"
      className="da-copy-button"
      data-state={isCopied ? 'copied' : 'idle'}
      aria-label={isCopied ? CHAT_TEXTS.copied : ariaLabel}
      onPress={() => {
        writeToClipboard(text).then(
          () => {
            setCopied(true);
            clearTimeout(timer.current);
            timer.current = setTimeout(() => setCopied(false), COPY_CONFIRMATION_MS);
          },
          () => setCopied(false),
        );
      }}
    >
      {isCopied ? <CheckIcon /> : <CopyIcon />}
      <span aria-live="polite">{isCopied ? CHAT_TEXTS.copied : CHAT_TEXTS.copy}</span>
    </Button>
  );
}
