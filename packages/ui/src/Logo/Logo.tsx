import { useId } from 'react';

/** Props of `Logo`. */
export interface LogoProps {
  /** Edge length in pixels. @default 32 */
  size?: number;
  /** Accessible name; when omitted the logo is decorative. */
  'aria-label'?: string;
}

/** The Digital Assistant mark: a speech bubble with a spark, drawn inline so it needs no asset. */
export function Logo({ size = 32, 'aria-label': ariaLabel }: LogoProps) {
  const gradientId = useId();
  return (
    <svg
      className="da-logo"
      width={size}
      height={size}
      viewBox="0 0 32 32"
      role={ariaLabel ? 'img' : undefined}
      aria-label={ariaLabel}
      aria-hidden={ariaLabel ? undefined : true}
      focusable="false"
    >
      <defs>
        <linearGradient id={gradientId} x1="0" y1="0" x2="32" y2="32" gradientUnits="userSpaceOnUse">
          <stop offset="0" stopColor="var(--da-color-logo-start)" />
          <stop offset="1" stopColor="var(--da-color-logo-end)" />
        </linearGradient>
      </defs>
      <rect width="32" height="32" rx="9" fill={`url(#${gradientId})`} />
      <path
        d="M9 10.5A2.5 2.5 0 0 1 11.5 8h9a2.5 2.5 0 0 1 2.5 2.5v7a2.5 2.5 0 0 1-2.5 2.5H15l-4 3.5V20h.5A2.5 2.5 0 0 1 9 17.5z"
        fill="#fff"
        fillOpacity="0.95"
      />
      <path d="m16 10.5.9 2.1 2.1.9-2.1.9-.9 2.1-.9-2.1-2.1-.9 2.1-.9z" fill="var(--da-color-logo-end)" />
    </svg>
  );
}
