import { createDemoServer, type DemoServerOptions, demoStaff } from '@digital-assistant/sdk/testing';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, userEvent, waitFor } from 'storybook/test';
import { ChatWidget, type ChatWidgetProps } from './ChatWidget';

/**
 * The embeddable chat (`@digital-assistant/widget`) over the SDK's demo server, as another team's
 * page shows it: in a shadow root with its own stylesheet. Shown in the UI's Storybook (its stories
 * glob includes the widget's); `widget.js` renders the same component with Preact.
 */
function DemoWidget({ server: options, ...props }: ChatWidgetProps & { server?: DemoServerOptions }) {
  const [server] = useState(() =>
    createDemoServer({ signedIn: demoStaff, chat: { streamDelayMs: 15 }, ...options }),
  );
  return <ChatWidget {...props} fetch={server.fetch} />;
}

const meta = {
  title: 'Widget/ChatWidget',
  component: DemoWidget,
  tags: ['autodocs'],
  args: { baseUrl: 'http://assistant.test', department: 'IT' },
  decorators: [
    (Story, { args }) => (
      <div
        style={{
          height: args.mode === 'inline' ? 560 : 640,
          maxWidth: args.mode === 'inline' ? 640 : undefined,
        }}
      >
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof DemoWidget>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The widget's shadow root, where its content is. */
const shadowOf = (canvasElement: HTMLElement) => {
  const root = canvasElement.querySelector('[data-digital-assistant-widget]')?.shadowRoot;
  if (!root) throw new Error('The widget did not render in a shadow root');
  return root;
};

/** Launcher mode, closed: only the round button at the bottom right. */
export const LauncherClosed: Story = {
  play: async ({ canvasElement }) => {
    const shadow = shadowOf(canvasElement);
    await waitFor(() => expect(shadow.querySelector('.da-widget-launcher')).toBeTruthy());
    await expect(shadow.querySelector('[role="dialog"]')).not.toBeVisible();
  },
};

/** Launcher mode, opened with the button: the panel with its header, department selector and chat. */
export const LauncherOpen: Story = {
  play: async ({ canvasElement }) => {
    const shadow = shadowOf(canvasElement);
    await waitFor(() => expect(shadow.querySelector('.da-widget-launcher')).toBeTruthy());
    await userEvent.click(shadow.querySelector<HTMLElement>('.da-widget-launcher')!);
    await waitFor(() => expect(shadow.querySelector('[role="dialog"]')).toBeVisible());
    await waitFor(() => expect(shadow.querySelector('textarea')).toBeTruthy());
  },
};

/** Inline: the chat fills its element, no launcher. */
export const Inline: Story = { args: { mode: 'inline' } };

/** Signed out: the panel offers Sign in (single sign-on in a popup). */
export const SignedOut: Story = {
  args: { mode: 'inline', server: { signedIn: null } },
  play: async ({ canvasElement }) => {
    const shadow = shadowOf(canvasElement);
    await waitFor(() => expect(shadow.textContent).toContain('Sign in to chat'));
  },
};

/** The dark theme, forced (`theme="dark"`; `auto` follows the page's colour scheme). */
export const Dark: Story = { args: { mode: 'inline', theme: 'dark' } };

/** A brand colour for the accent: buttons, launcher, links, focus ring (shaded where it lacks contrast). */
export const BrandColour: Story = { args: { brandColor: '#0a7d55', defaultOpen: true } };
