import type { Preview } from '@storybook/react-vite';
import '../src/styles.css';
import { preloadMarkdown } from '../src/Markdown/LazyMarkdownContent';

const preview: Preview = {
  // A docs page (props table, description, every story) for every component's stories.
  tags: ['autodocs'],
  // Stories show messages as drawn: the markdown renderer, which an app fetches when it first has
  // markdown to draw (its text shown as written until then), is there from the start.
  loaders: [
    async () => {
      await preloadMarkdown();
      return {};
    },
  ],
  parameters: {
    layout: 'fullscreen',
    controls: { matchers: { color: /(background|color)$/i } },
    // Accessibility violations fail the story tests run by addon-vitest.
    a11y: { test: 'error' },
  },
};

export default preview;
