import '@botica/ui/styles.css';
import { startAppAfterFirstScreen } from '@botica/app-shell';
import './portal.css';
import { FIRST_SCREEN_PATH } from './app/first-load.ts';
import { LoginFirstScreen } from './app/first-screen.tsx';

if ('scrollRestoration' in window.history) window.history.scrollRestoration = 'manual';

// /login paints before the router, which loads after it (docs/decisions/028); any other page waits
// for the router, whose code its page names for preloading.
startAppAfterFirstScreen({
  firstScreen: {
    path: FIRST_SCREEN_PATH,
    render: (handOver) => <LoginFirstScreen handOver={handOver} />,
  },
  loadApp: async () => (await import('./app/app.tsx')).portalApp(),
});
