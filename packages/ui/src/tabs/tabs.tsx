import type { ReactNode } from 'react';
import {
  Tabs as AriaTabs,
  type TabsProps as AriaTabsProps,
  Tab,
  TabList,
  TabPanel,
} from 'react-aria-components';
import { cx } from '../internal/class-names.ts';

/** One tab: its label and its panel. */
export interface TabItem {
  id: string;
  label: ReactNode;
  content: ReactNode;
  /** Whether the tab cannot be chosen. */
  isDisabled?: boolean;
}

export interface TabsProps extends Omit<AriaTabsProps, 'children' | 'className' | 'style'> {
  /** The tabs. */
  items: ReadonlyArray<TabItem>;
  /** The tab list's accessible name. */
  'aria-label': string;
  /** Extra class names. */
  className?: string;
}

/**
 * Tabs on react-aria's `Tabs`: arrow keys move between tabs, the panel follows. The list scrolls
 * sideways on narrow screens.
 */
export function Tabs({ items, 'aria-label': ariaLabel, className, ...props }: TabsProps) {
  return (
    <AriaTabs {...props} className={cx('bt-tabs', className)}>
      <TabList aria-label={ariaLabel} items={items} className="bt-tabs__list">
        {(item) => (
          <Tab id={item.id} isDisabled={item.isDisabled} className="bt-tabs__tab">
            {item.label}
          </Tab>
        )}
      </TabList>
      {items.map((item) => (
        <TabPanel key={item.id} id={item.id} className="bt-tabs__panel">
          {item.content}
        </TabPanel>
      ))}
    </AriaTabs>
  );
}
