// A list's date-range filter (settings-messaging-shared §9 "Date shortcuts"): Mantine's range
// picker, a calendar in Chinese (DatesProvider, dayjs zh-cn) instead of the browser's date inputs
// (mm/dd/yyyy in some), with the spec's shortcuts beside it: 全部 (no date filter, as the clear
// button) and whole days in the user's timezone, not the browser's, counted when the picker
// opens. The field keeps YYYY-MM-DD days, which the list reads in the same zone.
import { DatePickerInput, type DatePickerPreset } from '@mantine/dates';
import { useMemo, useState } from 'react';
import { DATE_PRESETS, DATE_SHORTCUTS, dateShortcutDays } from '../../domain/enums/dateRanges';
import { DATE_FORMAT } from '../../domain/format/date';
import type { FilterValue } from '../../domain/list/listQuery';
import { LIST_TEXT } from '../../domain/list/listText';
import classes from './lists.module.css';

type Day = string | null;

const BARE_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** One end of the kept value: a calendar day, or nothing (a hand-edited address may hold more). */
function day(value: FilterValue | undefined): Day {
  return typeof value === 'string' && BARE_DATE.test(value) ? value : null;
}

/** The shortcuts at `now` in `timeZone`, as the picker's presets: 全部 first, an empty range. */
export function datePresets(now: number, timeZone: string): DatePickerPreset<'range'>[] {
  const all: DatePickerPreset<'range'> = {
    label: DATE_SHORTCUTS.label('all'),
    value: [null, null],
  };
  return [
    all,
    ...DATE_PRESETS.flatMap((code): DatePickerPreset<'range'>[] => {
      const days = dateShortcutDays(code, now, timeZone);
      return days ? [{ label: DATE_SHORTCUTS.label(code), value: [days[0], days[1]] }] : [];
    }),
  ];
}

/**
 * The calendar's arrows, named in Chinese (Mantine leaves them unnamed). The month and year
 * headings and the days are named by what they show (WCAG 2.5.3).
 */
const CALENDAR_LABELS = {
  previousMonth: LIST_TEXT.PREVIOUS_MONTH,
  nextMonth: LIST_TEXT.NEXT_MONTH,
  previousYear: LIST_TEXT.PREVIOUS_YEAR,
  nextYear: LIST_TEXT.NEXT_YEAR,
  previousDecade: LIST_TEXT.PREVIOUS_DECADE,
  nextDecade: LIST_TEXT.NEXT_DECADE,
};

export interface DateRangeFieldProps {
  label: string;
  /** `[from, to]` as the filters keep it; either end may be missing. */
  value: FilterValue | undefined;
  onChange(value: FilterValue | undefined): void;
  timeZone: string;
}

export function DateRangeField({ label, value, onChange, timeZone }: DateRangeFieldProps) {
  const [now, setNow] = useState(Date.now);
  const presets = useMemo(() => datePresets(now, timeZone), [now, timeZone]);
  const ends = Array.isArray(value) ? value : [];
  const range: [Day, Day] = [day(ends[0]), day(ends[1])];
  const placeholder = `${LIST_TEXT.DATE_FROM} ~ ${LIST_TEXT.DATE_TO}`;
  // The button's name holds what it shows (WCAG 2.5.3), as Mantine writes the range.
  const shown = range[0] ? `${range[0]} ~ ${range[1] ?? ''}`.trim() : placeholder;
  return (
    <DatePickerInput
      type="range"
      label={label}
      aria-label={`${label} ${shown}`}
      placeholder={placeholder}
      value={range}
      onChange={([from, to]) => onChange(from || to ? [from, to] : undefined)}
      presets={presets}
      allowSingleDateInRange
      clearable
      clearButtonProps={{ 'aria-label': `${LIST_TEXT.CLEAR}${label}` }}
      valueFormat={DATE_FORMAT}
      labelSeparator="~"
      ariaLabels={CALENDAR_LABELS}
      hideOutsideDates
      // The shortcuts are counted from the moment the picker opens (a list left open overnight).
      popoverProps={{ onOpen: () => setNow(Date.now()) }}
      classNames={{
        datePickerRoot: classes.datePicker,
        presetsList: classes.datePresets,
        placeholder: classes.datePlaceholder,
        day: classes.day,
      }}
    />
  );
}
