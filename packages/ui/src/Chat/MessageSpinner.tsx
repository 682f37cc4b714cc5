import { CHAT_LAYOUT } from '@digital-assistant/react';
import { ProgressBar } from 'react-aria-components';

/** Props of `MessageSpinner`. */
export interface MessageSpinnerProps {
  /** Accessible name. @default 'Waiting for the answer' */
  'aria-label'?: string;
}

/** The indeterminate spinner (diameter 35) a bot bubble shows until its answer starts. */
export function MessageSpinner({ 'aria-label': ariaLabel = 'Waiting for the answer' }: MessageSpinnerProps) {
  // Diameter 35 (spec section 9).
  const size = CHAT_LAYOUT.spinnerDiameter;
  const stroke = 3.5;
  const radius = (size - stroke) / 2;
  const circumference = 2 * Math.PI * radius;
  return (
    <ProgressBar isIndeterminate aria-label={ariaLabel} className="da-message-spinner">
      <svg
        width={size}
        height={size}
        viewBox={`0 0 ${size} ${size}`}
        aria-hidden="true"
        focusable="false"
        className="da-message-spinner-svg"
      >
        <circle
          cx={size / 2}
          cy={size / 2}
          r={radius}
          fill="none"
          strokeWidth={stroke}
          className="da-message-spinner-track"
        />
        <circle
          cx={size / 2}
          cy={size / 2}
          r={radius}
          fill="none"
          strokeWidth={stroke}
          strokeLinecap="round"
          strokeDasharray={`${circumference * 0.3} ${circumference}`}
          className="da-message-spinner-arc"
        />
      </svg>
    </ProgressBar>
  );
}
