// The product lines of the create / draft form (purchasing-core §2.3, §5): model and order number
// with suggestions, parameters, quantity (a whole number, new lines start at 1), up to two
// attachments; a line with anything in it asks before it is deleted, and the last line stays;
// a removed line says 产品删除成功.
import {
  Button,
  Group,
  NumberInput,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
} from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { lineRemoval, lineRemovalNotice } from '../../../domain/purchase/sheetForm';
import { SHEET_LABELS } from '../../../domain/purchase/sheetText';
import type { LocalCatalog } from '../../catalog/localCatalog';
import { type ChosenProduct, ProductEntryField } from '../../catalog/ProductEntryField';
import type { Confirm } from '../../common/useConfirm';
import { LineAttachments } from './LineAttachments';
import { newLine, type SheetFormState } from './sheetFormValues';

export interface ProductLinesEditorProps {
  form: UseFormReturnType<SheetFormState>;
  companyId: number;
  local: LocalCatalog | undefined;
  confirm: Confirm;
}

export function ProductLinesEditor({ form, companyId, local, confirm }: ProductLinesEditorProps) {
  const { lines, brand } = form.getValues();
  const brandRef = brand.name.trim() === '' ? null : { id: brand.id, name: brand.name };

  const remove = async (index: number) => {
    const removal = lineRemoval(form.getValues().lines, index);
    const confirmed =
      removal.kind === 'confirm' &&
      (await confirm(removal.message, SHEET_LABELS.DELETE_LINE_TITLE));
    const notice = lineRemovalNotice(removal, confirmed);
    if (removal.kind === 'remove' || confirmed) form.removeListItem('lines', index);
    if (notice) notifications.show({ color: notice.color, message: notice.message });
  };

  const choose = (index: number, product: ChosenProduct) => {
    form.setFieldValue(`lines.${index}`, (line) => ({
      ...line,
      productId: product.id,
      productType: product.productType,
      productArticleNo: product.productArticleNo,
      // The user's own parameters stay; an empty field takes the product's description.
      shortDescription:
        line.shortDescription.trim() === ''
          ? (product.shortDescription ?? '')
          : line.shortDescription,
    }));
  };

  const edit = (index: number, field: 'productType' | 'productArticleNo', text: string) => {
    form.setFieldValue(`lines.${index}`, (line) => ({ ...line, [field]: text, productId: null }));
  };

  const listError = form.errors.lines;
  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Text fw={600}>{SHEET_LABELS.PRODUCTS}</Text>
        <Button
          size="xs"
          variant="light"
          leftSection={<IconPlus size={14} />}
          onClick={() => form.insertListItem('lines', newLine())}
        >
          {SHEET_LABELS.ADD_LINE}
        </Button>
      </Group>
      {listError && (
        <Text size="sm" c="red" role="alert">
          {listError}
        </Text>
      )}
      {lines.map((line, index) => (
        <Paper key={line.key} withBorder p="sm" data-testid="product-line">
          <Group justify="space-between" mb={4}>
            <Text size="sm" c="dimmed">
              {SHEET_LABELS.INDEX} {index + 1}
            </Text>
            <Button
              size="xs"
              variant="subtle"
              color="red"
              leftSection={<IconTrash size={14} />}
              onClick={() => void remove(index)}
              aria-label={`${SHEET_LABELS.DELETE_LINE} ${index + 1}`}
            >
              {SHEET_LABELS.DELETE_LINE}
            </Button>
          </Group>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="sm">
            <ProductEntryField
              label={SHEET_LABELS.MODEL}
              field="productType"
              value={line.productType}
              brand={brandRef}
              local={local}
              onEdit={(text) => edit(index, 'productType', text)}
              onChoose={(product) => choose(index, product)}
              confirm={(message) => confirm(message, SHEET_LABELS.REPLACE_TITLE)}
              error={form.errors[`lines.${index}.productType`]?.toString() ?? null}
            />
            <ProductEntryField
              label={SHEET_LABELS.ARTICLE_NO}
              field="productArticleNo"
              value={line.productArticleNo}
              brand={brandRef}
              local={local}
              onEdit={(text) => edit(index, 'productArticleNo', text)}
              onChoose={(product) => choose(index, product)}
              confirm={(message) => confirm(message, SHEET_LABELS.REPLACE_TITLE)}
              error={form.errors[`lines.${index}.productArticleNo`]?.toString() ?? null}
            />
            <Textarea
              label={SHEET_LABELS.PARAMETERS}
              placeholder={SHEET_LABELS.PARAMETERS_PLACEHOLDER}
              autosize
              minRows={1}
              maxRows={4}
              {...form.getInputProps(`lines.${index}.shortDescription`)}
            />
            <NumberInput
              label={SHEET_LABELS.QUANTITY}
              min={1}
              allowDecimal={false}
              allowNegative={false}
              allowLeadingZeros={false}
              {...form.getInputProps(`lines.${index}.qty`)}
            />
          </SimpleGrid>
          <Stack gap={2} mt="xs">
            <Text size="sm" fw={500}>
              {SHEET_LABELS.ATTACHMENTS}
            </Text>
            <LineAttachments
              companyId={companyId}
              value={line.attachments}
              onChange={(files) => form.setFieldValue(`lines.${index}.attachments`, files)}
              error={form.errors[`lines.${index}.attachments`]?.toString() ?? null}
            />
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}
