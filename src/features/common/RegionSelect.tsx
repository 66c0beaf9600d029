// A cascading address picker: country → province → city → district (settings-messaging-shared
// §5 "Company settings"). Countries with a shipped list get selects, others free text. Choosing a
// level hands the parent the level and value; the parent applies its form's cascade (by default
// every lower level is emptied: `clearBelow`). Levels can be left out (company info stops at the
// city) or locked (held by the server).
import { Select, type SelectProps, SimpleGrid, TextInput } from '@mantine/core';
import { useState } from 'react';
import { COUNTRIES } from '../../domain/company/regions/countries';
import { cityOf, hasRegionList, provinceOf } from '../../domain/company/regions/index';
import { useRegions } from './useRegions';

export const REGION_LEVELS = ['country', 'province', 'city', 'district'] as const;
export type RegionLevel = (typeof REGION_LEVELS)[number];
export type RegionValue = Record<RegionLevel, string>;

/** The default cascade: the chosen level set, every level below it emptied. */
export function clearBelow<T extends RegionValue>(value: T, level: RegionLevel, next: string): T {
  if (value[level] === next) return value;
  const below = REGION_LEVELS.slice(REGION_LEVELS.indexOf(level) + 1);
  return { ...value, [level]: next, ...Object.fromEntries(below.map((l) => [l, ''])) };
}

const COUNTRY_OPTIONS = COUNTRIES.codes.map((code) => ({
  value: code,
  label: `${COUNTRIES.labels[code]} ${code}`,
}));

/**
 * A searchable select whose field shows the chosen option's label at once, also when the option
 * chosen is the one it holds: Mantine's controlled Select then leaves the typed text in the field
 * until it loses the focus (docs/footguns.md 87), so the search text is ours and the chosen
 * option's label is put back on every choice.
 */
function ChoiceSelect({
  data,
  ...props
}: Omit<SelectProps, 'data' | 'searchValue' | 'onSearchChange' | 'onOptionSubmit'> & {
  data: ReadonlyArray<string | { value: string; label: string }>;
}) {
  const [search, setSearch] = useState('');
  const labelOf = (value: string) => {
    const option = data.find((item) => (typeof item === 'string' ? item : item.value) === value);
    return option === undefined ? value : typeof option === 'string' ? option : option.label;
  };
  return (
    <Select
      {...props}
      data={data}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      onOptionSubmit={(value) => setSearch(labelOf(value))}
    />
  );
}

export interface RegionSelectProps {
  value: RegionValue;
  onLevelChange(level: RegionLevel, value: string): void;
  /** The levels shown, from the country down; all four by default. */
  levels?: readonly RegionLevel[];
  labels: Record<RegionLevel, string>;
  locked?: Partial<Record<RegionLevel, boolean>>;
  errors?: Partial<Record<RegionLevel, string | undefined>>;
  required?: Partial<Record<RegionLevel, boolean>>;
  disabled?: boolean;
  /** Shown under a locked level (why it cannot be changed). */
  lockedHint?: string;
  /** Prefix of the inputs' test ids (`{testId}-province` ...). */
  testId: string;
}

export function RegionSelect({
  value,
  onLevelChange,
  levels = REGION_LEVELS,
  labels,
  locked = {},
  errors = {},
  required = {},
  disabled = false,
  lockedHint,
  testId,
}: RegionSelectProps) {
  const tree = useRegions(value.country);
  const listed = hasRegionList(value.country);
  const province = tree ? provinceOf(tree, value.province) : undefined;
  const city = cityOf(province, value.city);
  // null: free text (no list for this country, or a city without districts in the list).
  const options: Record<Exclude<RegionLevel, 'country'>, string[] | null> = {
    province: listed ? (tree?.map((p) => p.name) ?? []) : null,
    city: listed ? (province?.cities.map((c) => c.name) ?? []) : null,
    district: listed && (!city || city.districts.length > 0) ? [...(city?.districts ?? [])] : null,
  };
  const common = (level: RegionLevel) => ({
    label: labels[level],
    error: errors[level],
    withAsterisk: required[level] ?? false,
    disabled: disabled || (locked[level] ?? false),
    description: locked[level] ? lockedHint : undefined,
    'data-testid': `${testId}-${level}`,
  });

  return (
    <SimpleGrid cols={{ base: 1, sm: Math.min(levels.length, 4) }} spacing="sm">
      {levels.map((level) => {
        if (level === 'country') {
          return (
            <ChoiceSelect
              key={level}
              {...common(level)}
              data={COUNTRY_OPTIONS}
              value={value.country || null}
              allowDeselect={false}
              clearable={!locked.country}
              onChange={(next) => onLevelChange('country', next ?? '')}
            />
          );
        }
        const list = options[level];
        if (list === null) {
          return (
            <TextInput
              key={level}
              {...common(level)}
              value={value[level]}
              onChange={(event) => onLevelChange(level, event.currentTarget.value)}
            />
          );
        }
        // A held value outside the list (older data) is still shown.
        const data = value[level] && !list.includes(value[level]) ? [value[level], ...list] : list;
        return (
          <ChoiceSelect
            key={level}
            {...common(level)}
            data={data}
            value={value[level] || null}
            allowDeselect={false}
            clearable={!locked[level]}
            disabled={common(level).disabled || data.length === 0}
            onChange={(next) => onLevelChange(level, next ?? '')}
          />
        );
      })}
    </SimpleGrid>
  );
}
