/**
 * The `formacion` section: its sub-menu, which the layout around it (the client chrome for a
 * logged-in pharmacist, the public one for anyone else) renders under its header, and its pages.
 */
import { TrainingSubMenu } from '@botica/ui';
import { useAtomValue } from 'jotai';
import { Outlet, useLocation } from 'react-router';
import { trainingMenuItems } from '../../shared/navigation.ts';
import { analytics } from '../analytics/analytics-instance.ts';
import { isClient, userAtom } from '../auth/session.ts';
import { SHOW_NEWSLETTER_IN_MENU } from './training-switches.ts';
import './training.css';

/** The training sub-menu: a pharmacist's pages besides the public ones; pressing one sends `menu_click`. */
export function TrainingMenu() {
  const isLoggedIn = isClient(useAtomValue(userAtom));
  const location = useLocation();
  return (
    <TrainingSubMenu
      items={trainingMenuItems(isLoggedIn, SHOW_NEWSLETTER_IN_MENU)}
      currentPath={location.pathname}
      onLinkPress={(item) => analytics.track({ event: 'menu_click', label: item.label, href: item.href })}
    />
  );
}

/** The route's handle: the layout around it renders `SubHeader` under its header. */
export const handle = { SubHeader: TrainingMenu };

/** The training pages themselves. */
export function Component() {
  return <Outlet />;
}
