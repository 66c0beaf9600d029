// The top of a list page: the breadcrumb (list / tab), the tabs of the list types (a select on a
// phone, where seven tabs would not fit), and the page's own action.
import { Anchor, Breadcrumbs, Group, NativeSelect, Tabs, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { LIST_TEXT } from '../../domain/list/listText';
import { usePhone } from './usePhone';

export interface ListTab<V extends string> {
  value: V;
  label: string;
}

export interface ListHeaderProps<V extends string> {
  root: { label: string; href: string; onOpen(): void };
  tabs: readonly ListTab<V>[];
  current: V;
  onTab(value: V): void;
  action?: ReactNode;
}

export function ListHeader<V extends string>({
  root,
  tabs,
  current,
  onTab,
  action,
}: ListHeaderProps<V>) {
  const phone = usePhone();
  const label = tabs.find((tab) => tab.value === current)?.label ?? '';
  const choose = (value: string | null) => {
    const tab = tabs.find((t) => t.value === value);
    if (tab) onTab(tab.value);
  };
  return (
    <>
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Breadcrumbs>
          <Anchor
            href={root.href}
            onClick={(event) => {
              event.preventDefault();
              root.onOpen();
            }}
          >
            {root.label}
          </Anchor>
          <Text data-testid="breadcrumb-current">{label}</Text>
        </Breadcrumbs>
        {action}
      </Group>
      {phone ? (
        <NativeSelect
          aria-label={LIST_TEXT.LIST_TYPE}
          data={tabs.map((tab) => ({ value: tab.value, label: tab.label }))}
          value={current}
          onChange={(event) => choose(event.currentTarget.value)}
        />
      ) : (
        <Tabs value={current} onChange={choose}>
          <Tabs.List>
            {tabs.map((tab) => (
              <Tabs.Tab key={tab.value} value={tab.value}>
                {tab.label}
              </Tabs.Tab>
            ))}
          </Tabs.List>
        </Tabs>
      )}
    </>
  );
}
