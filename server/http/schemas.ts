// JSON-schema pieces every route shares: a row id, the `currentCompanyId` every call carries
// (settings-messaging-shared §7), and path parameters that are ids.

/** A row id: a positive integer that fits a JS number. */
export const ID = { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER } as const;

/** `currentCompanyId`, as text (the session checks it names one of the user's companies). */
export const currentCompanyId = { type: 'string', pattern: '^\\d{1,15}$' } as const;

/** A query string of `currentCompanyId` alone. */
export const companyQuery = { type: 'object', properties: { currentCompanyId } } as const;

/** Path parameters that are all ids: `idParams('company_id', 'employee_id')`. */
export const idParams = (...names: string[]) =>
  ({
    type: 'object',
    required: names,
    properties: Object.fromEntries(names.map((name) => [name, ID])),
  }) as const;
