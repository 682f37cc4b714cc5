import type { StorybookConfig } from '@storybook/react-vite';
import { mergeConfig } from 'vite';
import { sourceAliases } from '../source-aliases.ts';

const config: StorybookConfig = {
  // The embeddable widget's stories too (packages/widget): it is built from these components.
  stories: ['../src/**/*.stories.@(ts|tsx)', '../../widget/src/**/*.stories.@(ts|tsx)'],
  addons: ['@storybook/addon-docs', '@storybook/addon-a11y', '@storybook/addon-vitest'],
  framework: { name: '@storybook/react-vite', options: {} },
  core: { disableTelemetry: true },
  viteFinal: (viteConfig) => mergeConfig(viteConfig, { resolve: { alias: sourceAliases } }),
};

export default config;
