// The landing page: the purchase lists and order tabs the product is organised around, with the
// labels users read everywhere else (from src/domain).
import { Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { SHEET_LIST_TYPE_INFO, SHEET_LIST_TYPES } from '../../domain/purchase/listTypes';

export function Home() {
  return (
    <Stack gap="lg">
      <Title order={2}>我的采购</Title>
      <section aria-labelledby="sheet-lists">
        <Title order={4} id="sheet-lists" mb="sm">
          采购单
        </Title>
        <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} spacing="sm">
          {SHEET_LIST_TYPES.map((type) => (
            <Card key={type} withBorder padding="md">
              <Text fw={600}>{SHEET_LIST_TYPE_INFO[type].breadcrumb}</Text>
            </Card>
          ))}
        </SimpleGrid>
      </section>
    </Stack>
  );
}
