// The quick-search form of a list (purchasing-core §2.2, §2.5): the server's fields (text, choice,
// date range), filled from the address's filters; 查询 applies them, 重置 returns the list to its
// type alone. Empty values are dropped before they reach the address (§5 "Search filters").
// Single choices are the browser's own select: quick to mount, native by touch. Dates are a range
// picker with the spec's shortcuts in the user's timezone (DateRangeField.tsx).
import { Button, Group, MultiSelect, NativeSelect, Text, TextInput } from '@mantine/core';
import { type FormEvent, memo, useDeferredValue, useState } from 'react';
import type { SearchField, SearchOption } from '../../contract/api/lists';
import type { Filters, FilterValue } from '../../domain/list/listQuery';
import { LIST_TEXT } from '../../domain/list/listText';
import { DateRangeField } from './DateRangeField';
import classes from './lists.module.css';

type Values = Record<string, FilterValue | undefined>;

export interface QuickSearchFormProps {
  /** null: the device holds no copy of the form yet and the server cannot be asked. */
  fields: SearchField[] | null;
  filters: Filters;
  onSearch(filters: Values): void;
  onReset(): void;
  /** The list shows its rows: the fields may mount. */
  ready: boolean;
  /** The user's timezone: the date shortcuts' days. */
  timeZone: string;
}

const asText = (value: FilterValue | undefined): string =>
  typeof value === 'string' || typeof value === 'number' ? String(value) : '';

const asList = (value: FilterValue | undefined): FilterValue[] =>
  Array.isArray(value) ? [...value] : value === undefined || value === null ? [] : [value];

/** Select values are text; the filter keeps the option's own value (a number stays a number). */
function optionValue(options: readonly SearchOption[], text: string): string | number {
  return options.find((option) => String(option.value) === text)?.value ?? text;
}

function Field({
  field,
  value,
  onChange,
  timeZone,
}: {
  field: SearchField;
  value: FilterValue | undefined;
  onChange(value: FilterValue | undefined): void;
  timeZone: string;
}) {
  const options = field.options ?? [];
  const data = options.map((option) => ({ value: String(option.value), label: option.label }));
  switch (field.type) {
    case 'input':
      return (
        <TextInput
          label={field.label}
          placeholder={field.placeholder ?? LIST_TEXT.INPUT_PLACEHOLDER}
          value={asText(value)}
          onChange={(event) => onChange(event.currentTarget.value)}
        />
      );
    case 'select':
      return field.multiple ? (
        <MultiSelect
          label={field.label}
          placeholder={LIST_TEXT.SELECT_PLACEHOLDER}
          data={data}
          value={asList(value).map(asText)}
          onChange={(texts) => onChange(texts.map((text) => optionValue(options, text)))}
          clearable
          searchable
        />
      ) : (
        // The browser's own select: quick to mount (the list opens behind it) and native by touch.
        <NativeSelect
          label={field.label}
          data={[{ value: '', label: LIST_TEXT.SELECT_PLACEHOLDER }, ...data]}
          value={asText(asList(value)[0])}
          onChange={(event) => {
            const text = event.currentTarget.value;
            onChange(text === '' ? undefined : optionValue(options, text));
          }}
        />
      );
    case 'dateRange':
      return (
        <DateRangeField label={field.label} value={value} onChange={onChange} timeZone={timeZone} />
      );
  }
}

export const QuickSearchForm = memo(function QuickSearchForm({
  fields,
  filters,
  onSearch,
  onReset,
  ready,
  timeZone,
}: QuickSearchFormProps) {
  const [values, setValues] = useState<Values>(() => ({ ...filters }));
  // On a route change the rows come first: the inputs, which take longer to mount than the rows
  // themselves, mount in a transition once the rows are shown. Until then each field is an empty
  // box of a field's height, so nothing on the page moves when they come.
  const fieldsShown = useDeferredValue(ready);
  if (fields === null) {
    return (
      <Text c="dimmed" size="sm" data-testid="search-form-offline">
        {LIST_TEXT.SEARCH_FORM_OFFLINE}
      </Text>
    );
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(values);
  };
  return (
    <form onSubmit={submit} aria-label={LIST_TEXT.FILTERS} data-testid="quick-search">
      <div className={classes.fields}>
        {fields.map((field) =>
          fieldsShown ? (
            <Field
              key={field.key}
              field={field}
              value={values[field.key]}
              timeZone={timeZone}
              onChange={(value) => setValues((current) => ({ ...current, [field.key]: value }))}
            />
          ) : (
            <div key={field.key} className={classes.pendingField} />
          ),
        )}
      </div>
      <Group mt="sm" gap="sm">
        <Button type="submit">{LIST_TEXT.SEARCH}</Button>
        <Button variant="default" onClick={onReset}>
          {LIST_TEXT.RESET}
        </Button>
      </Group>
    </form>
  );
});
