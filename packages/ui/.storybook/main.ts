import type { StorybookConfig } from '@storybook/react-vite';
import { defaultClientConditions } from 'vite';

const config: StorybookConfig = {
  framework: { name: '@storybook/react-vite', options: {} },
  stories: ['../src/**/*.mdx', '../src/**/*.stories.tsx'],
  addons: ['@storybook/addon-docs', '@storybook/addon-a11y', '@storybook/addon-vitest'],
  core: { disableTelemetry: true, disableWhatsNewNotifications: true },
  viteFinal(viteConfig) {
    // Inside the monorepo @botica/domain resolves to its TypeScript source (ADR 002).
    viteConfig.resolve ??= {};
    viteConfig.resolve.conditions = [
      '@botica/source',
      ...(viteConfig.resolve.conditions ?? defaultClientConditions),
    ];
    return viteConfig;
  },
};

export default config;
