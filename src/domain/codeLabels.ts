// A code → Chinese label table, the shape of every status column, tag and code set of the domain.
// One helper so each set is declared once as data and gets the same guard and the same
// fallback: a code from a newer server shows as the code itself, never as a crash.

export interface LabelSet<C extends string> {
  /** The codes in the order the table declares them (menus and filters use this order). */
  readonly codes: readonly C[];
  readonly labels: Readonly<Record<C, string>>;
  is(value: unknown): value is C;
  /** The label of a code; an unknown code is shown as it is, an absent one as ''. */
  label(code: string | null | undefined): string;
}

/** Keys must not look like integers: JavaScript would reorder them. */
export function labelSet<const C extends string>(labels: Readonly<Record<C, string>>): LabelSet<C> {
  const codes = Object.keys(labels) as C[];
  const is = (value: unknown): value is C =>
    typeof value === 'string' && Object.hasOwn(labels, value);
  return {
    codes,
    labels,
    is,
    label: (code) => {
      if (code === null || code === undefined) return '';
      return is(code) ? labels[code] : code;
    },
  };
}
