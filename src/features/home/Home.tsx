// The landing page: the purchase lists and order tabs the product is organised around, with the
// labels users read everywhere else (from src/domain).
import { Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { ORDER_TAB_INFO, ORDER_TABS } from '../../domain/orders/orderTabs';
import { SHEET_LIST_TYPE_INFO, SHEET_LIST_TYPES } from '../../domain/purchase/listTypes';

function Section({ id, title, labels }: { id: string; title: string; labels: string[] }) {
  return (
    <section aria-labelledby={id}>
      <Title order={4} id={id} mb="sm">
        {title}
      </Title>
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 7 }} spacing="sm">
        {labels.map((label) => (
          <Card key={label} withBorder padding="md">
            <Text fw={600}>{label}</Text>
          </Card>
        ))}
      </SimpleGrid>
    </section>
  );
}

export function Home() {
  return (
    <Stack gap="lg">
      <Title order={2}>我的采购</Title>
      <Section
        id="sheet-lists"
        title="采购单"
        labels={SHEET_LIST_TYPES.map((type) => SHEET_LIST_TYPE_INFO[type].breadcrumb)}
      />
      <Section
        id="order-tabs"
        title="订单"
        labels={ORDER_TABS.map((tab) => ORDER_TAB_INFO[tab].breadcrumb)}
      />
    </Stack>
  );
}
