// The brand input of the sheet form (purchasing-core §5 "Brand and product choice"): searches
// from two trimmed characters, lists brands with a logo and a checked state, offers a new brand
// (negative temporary id) unless a listed brand has exactly the typed name, refuses a NONEXISTENT
// brand and, after the user confirms, replaces an EXIST brand that has a correct one.
import { Autocomplete, Avatar, Badge, Group, Text } from '@mantine/core';
import { useRef, useState } from 'react';
import { APP_ROUTES } from '../../contract/api/routes';
import {
  type BrandHit,
  type BrandOption,
  brandChoice,
  brandOptions,
  brandSearchTerm,
} from '../../domain/catalog/choice';
import { localBrandHits } from '../../domain/catalog/suggestions';
import { SHEET_LABELS } from '../../domain/purchase/sheetText';
import { useApi } from '../../platform/api/useApi';
import type { LocalCatalog } from './localCatalog';
import { useCatalogSearch } from './useCatalogSearch';

/** The brand as the sheet's mutations take it (src/sync/core/mutations/sheetParts.ts). */
export interface BrandValue {
  /** > 0 a known brand, < 0 a new brand's temporary id, null a name typed but not chosen. */
  id: number | null;
  name: string;
  /** The search hit chosen, shown on the sheet until the server's brand arrives. */
  view: Record<string, unknown> | null;
}

export interface BrandFieldProps {
  value: BrandValue;
  onChange(value: BrandValue): void;
  /** The temporary id a new brand gets (drawn once per form from the sync engine). */
  newBrandId: number;
  local: LocalCatalog | undefined;
  /** Asks the user to accept a replacement; resolves to their answer. */
  confirm(message: string): Promise<boolean>;
  error?: string | null;
}

const optionKey = (option: BrandOption) =>
  option.kind === 'new' ? 'new' : `brand:${String(option.id)}`;

function OptionLabel({ option }: { option: BrandOption }) {
  const logo = option.kind === 'existing' ? option.brand.logo_file?.url : null;
  return (
    <Group gap="xs" wrap="nowrap">
      <Avatar src={logo ?? null} size={24} radius="sm" alt="">
        {option.name.slice(0, 1)}
      </Avatar>
      <Text size="sm">{option.name}</Text>
      {option.kind === 'new' && (
        <Badge size="xs" variant="light">
          {SHEET_LABELS.NEW_BRAND}
        </Badge>
      )}
    </Group>
  );
}

export function BrandField({
  value,
  onChange,
  newBrandId,
  local,
  confirm,
  error,
}: BrandFieldProps) {
  const api = useApi();
  const [choiceError, setChoiceError] = useState<string | null>(null);
  // The input reports the chosen option's label as typed text right after the choice: that
  // report must not undo the choice.
  const chosenLabel = useRef<string | null>(null);
  const term = brandSearchTerm(value.name);
  const search = useCatalogSearch<BrandHit>(
    term,
    async (text) =>
      (await api.call(APP_ROUTES.brandSearch, { query: { name: text }, quiet: true })).items,
    (text) => localBrandHits(local?.brands ?? [], text),
  );
  const options = brandOptions(search.hits, value.name, newBrandId);

  const choose = async (key: string) => {
    const option = options.find((candidate) => optionKey(candidate) === key);
    if (!option) return;
    chosenLabel.current = option.name;
    setChoiceError(null);
    if (option.kind === 'new') {
      // Before the engine has drawn the temporary id, the name alone makes the brand.
      onChange({ id: option.id < 0 ? option.id : null, name: option.name, view: null });
      return;
    }
    const outcome = brandChoice(option.brand);
    if (outcome.kind === 'accept') {
      onChange({ id: option.id, name: option.name, view: { ...option.brand } });
      return;
    }
    // Refused, or waiting for the user: nothing stays chosen meanwhile.
    onChange({ id: null, name: '', view: null });
    if (outcome.kind === 'refuse') {
      setChoiceError(outcome.message);
      return;
    }
    if (await confirm(outcome.message)) {
      const { id, name } = outcome.replacement;
      onChange({ id, name, view: null });
    }
  };

  return (
    <Autocomplete
      label={SHEET_LABELS.BRAND}
      placeholder={SHEET_LABELS.BRAND_PLACEHOLDER}
      withAsterisk
      value={value.name}
      onChange={(text) => {
        if (chosenLabel.current !== null && text === chosenLabel.current) {
          chosenLabel.current = null;
          return;
        }
        chosenLabel.current = null;
        setChoiceError(null);
        onChange({ id: null, name: text, view: null });
      }}
      data={options.map((option) => ({ value: optionKey(option), label: option.name }))}
      filter={({ options: all }) => all}
      renderOption={({ option }) => {
        const found = options.find((candidate) => optionKey(candidate) === option.value);
        return found ? <OptionLabel option={found} /> : null;
      }}
      onOptionSubmit={(key) => void choose(key)}
      description={search.source === 'local' ? SHEET_LABELS.LOCAL_SUGGESTIONS : undefined}
      error={choiceError ?? error ?? null}
      data-testid="brand-input"
    />
  );
}
