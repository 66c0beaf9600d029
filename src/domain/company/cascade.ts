// Address pickers are cascades: choosing a level empties the levels that depended on it
// (settings-messaging-shared §5 "Company settings").

/**
 * Sets `field` and empties every field listed after it in `clears[field]`. Choosing the value a
 * field already holds clears nothing, so re-selecting the same province keeps the city.
 */
export function setCascading<F extends string, T extends Record<F, string>>(
  form: T,
  field: F,
  value: string,
  clears: Readonly<Partial<Record<F, readonly F[]>>>,
): T {
  if (form[field] === value) return form;
  const next: T = { ...form, [field]: value };
  for (const lower of clears[field] ?? []) next[lower] = '' as T[F];
  return next;
}
