// The top of a list page: the breadcrumb (list / tab), the tabs of the list types (a select on a
// phone, where seven tabs would not fit), and the page's own action. Rendered again only when
// its props change (not when rows arrive).
import { Anchor, Breadcrumbs, Group, NativeSelect, Tabs, Text } from '@mantine/core';
import { type ComponentType, memo } from 'react';
import { LIST_TEXT } from '../../domain/list/listText';

export interface ListTab<V extends string> {
  value: V;
  label: string;
}

export interface ListHeaderProps<V extends string> {
  /** The breadcrumb's first part and where it leads (the list's ALL tab). */
  root: string;
  rootHref: string;
  onRoot(): void;
  tabs: readonly ListTab<V>[];
  current: V;
  onTab(value: V): void;
  action?: ComponentType<{ phone: boolean }> | undefined;
  /** On a phone the tabs are a choice. */
  phone: boolean;
}

function ListHeaderImpl<V extends string>({
  root,
  rootHref,
  onRoot,
  tabs,
  current,
  onTab,
  action: Action,
  phone,
}: ListHeaderProps<V>) {
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
            href={rootHref}
            onClick={(event) => {
              event.preventDefault();
              onRoot();
            }}
          >
            {root}
          </Anchor>
          <Text data-testid="breadcrumb-current">{label}</Text>
        </Breadcrumbs>
        {Action && <Action phone={phone} />}
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

export const ListHeader = memo(ListHeaderImpl) as typeof ListHeaderImpl;
