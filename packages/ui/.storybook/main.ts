import type { StorybookConfig } from '@storybook/react-vite';
import remarkGfm from 'remark-gfm';
import { defaultClientConditions } from 'vite';

const config: StorybookConfig = {
  framework: { name: '@storybook/react-vite', options: {} },
  stories: ['../src/**/*.mdx', '../src/**/*.stories.tsx'],
  addons: [
    // The docs pages are GitHub-flavoured markdown: their tables render as tables.
    {
      name: '@storybook/addon-docs',
      options: { mdxPluginOptions: { mdxCompileOptions: { remarkPlugins: [remarkGfm] } } },
    },
    '@storybook/addon-a11y',
    '@storybook/addon-vitest',
  ],
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
