// The model or order-number input of a product line (purchasing-core §5 "Product entry", "Brand
// and product choice"): Chinese characters are refused as they are typed, the search starts at
// two characters and asks only for the searchable product states; choosing a suggestion names
// the catalogue product (typing again un-names it), a NONEXISTENT product is refused and an EXIST
// product with a correct one is replaced after the user confirms.
import { Autocomplete, Stack, Text } from '@mantine/core';
import { useRef, useState } from 'react';
import type { ProductHit } from '../../contract/api/catalog';
import { APP_ROUTES } from '../../contract/api/routes';
import { type ProductRef, productChoice, productDisplayName } from '../../domain/catalog/choice';
import { PRODUCT_SEARCH_STATES } from '../../domain/catalog/productLabels';
import { type ProductField, productSuggestions } from '../../domain/catalog/suggestions';
import { SHEET_LABELS } from '../../domain/purchase/sheetText';
import { productSearchCheck, validateProductEntryText } from '../../domain/purchase/validation';
import { useApi } from '../../platform/api/useApi';
import type { LocalCatalog } from './localCatalog';
import { useCatalogSearch } from './useCatalogSearch';

/** What choosing a product puts on the line. */
export interface ChosenProduct {
  id: number | null;
  productType: string;
  productArticleNo: string;
  shortDescription: string | null;
}

export interface ProductEntryFieldProps {
  field: ProductField;
  value: string;
  /** The sheet's brand: only its products are searched (any brand while none is chosen). */
  brand: { id: number | null; name: string } | null;
  local: LocalCatalog | undefined;
  /** The user typed: the line keeps the text and no longer names a catalogue product. */
  onEdit(text: string): void;
  onChoose(product: ChosenProduct): void;
  confirm(message: string): Promise<boolean>;
  error?: string | null;
  label?: string;
}

type Hit = Pick<
  ProductHit,
  'product_type' | 'product_article_no' | 'short_description' | 'state'
> & {
  id: number | null;
  correct_product?: ProductRef | null;
};

const hitKey = (hit: Hit, index: number) => `${index}:${hit.id ?? 'text'}`;

function chosen(product: {
  id: number | null;
  product_type?: string | null;
  product_article_no?: string | null;
  short_description?: string | null;
}): ChosenProduct {
  return {
    id: product.id,
    productType: product.product_type ?? '',
    productArticleNo: product.product_article_no ?? '',
    shortDescription: product.short_description ?? null,
  };
}

export function ProductEntryField(props: ProductEntryFieldProps) {
  const { field, value, brand, local, onEdit, onChoose, confirm, error, label } = props;
  const api = useApi();
  const [choiceError, setChoiceError] = useState<string | null>(null);
  const chosenLabel = useRef<string | null>(null);
  const check = productSearchCheck(value, 'product');
  const brandId =
    brand?.id !== null && brand?.id !== undefined && brand.id > 0 ? brand.id : undefined;
  const search = useCatalogSearch<Hit>(
    check.search ? value.trim() : null,
    async (text) =>
      (
        await api.call(APP_ROUTES.productSearch, {
          query: { [field]: text, brandId, stateList: PRODUCT_SEARCH_STATES },
          quiet: true,
        })
      ).items,
    (text) => productSuggestions(local?.sheets ?? [], { typed: text, field, brand }),
  );
  const column = field === 'productType' ? 'product_type' : 'product_article_no';
  const hits = search.hits;

  const choose = async (key: string) => {
    const hit = hits.find((candidate, index) => hitKey(candidate, index) === key);
    if (!hit) return;
    chosenLabel.current = hit[column] ?? '';
    setChoiceError(null);
    const outcome = productChoice(hit);
    if (outcome.kind === 'accept') {
      onChoose(chosen(hit));
      return;
    }
    onEdit('');
    if (outcome.kind === 'refuse') {
      setChoiceError(outcome.message);
      return;
    }
    if (await confirm(outcome.message))
      onChoose(chosen({ ...outcome.replacement, short_description: hit.short_description }));
  };

  // Chinese is an error at once; a single character shows the search minimum as a hint.
  const textError = validateProductEntryText(value, 'product');
  const hint = !check.search && textError === null && value.trim() !== '' ? check.message : null;

  return (
    <Stack gap={2}>
      <Autocomplete
        label={label}
        aria-label={field === 'productType' ? SHEET_LABELS.MODEL : SHEET_LABELS.ARTICLE_NO}
        placeholder={
          field === 'productType'
            ? SHEET_LABELS.MODEL_PLACEHOLDER
            : SHEET_LABELS.ARTICLE_NO_PLACEHOLDER
        }
        value={value}
        onChange={(text) => {
          if (chosenLabel.current !== null && text === chosenLabel.current) {
            chosenLabel.current = null;
            return;
          }
          chosenLabel.current = null;
          setChoiceError(null);
          onEdit(text);
        }}
        data={hits.map((hit, index) => ({ value: hitKey(hit, index), label: hit[column] ?? '' }))}
        filter={({ options }) => options}
        renderOption={({ option }) => {
          const hit = hits.find((candidate, index) => hitKey(candidate, index) === option.value);
          if (!hit) return null;
          return (
            <Stack gap={0}>
              <Text size="sm">{productDisplayName(hit)}</Text>
              {hit.short_description && (
                <Text size="xs" c="dimmed" lineClamp={1}>
                  {hit.short_description}
                </Text>
              )}
            </Stack>
          );
        }}
        onOptionSubmit={(key) => void choose(key)}
        error={choiceError ?? textError ?? error ?? null}
      />
      {hint && (
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
      )}
      {search.source === 'local' && check.search && (
        <Text size="xs" c="dimmed">
          {SHEET_LABELS.LOCAL_SUGGESTIONS}
        </Text>
      )}
    </Stack>
  );
}
