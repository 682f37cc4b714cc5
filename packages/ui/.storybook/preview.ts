import type { Preview } from '@storybook/react-vite';
import '../src/styles.css';

const preview: Preview = {
  // A docs page (props table, description, every story) for every component's stories.
  tags: ['autodocs'],
  parameters: {
    layout: 'fullscreen',
    controls: { matchers: { color: /(background|color)$/i } },
    // Accessibility violations fail the story tests run by addon-vitest.
    a11y: { test: 'error' },
  },
};

export default preview;
