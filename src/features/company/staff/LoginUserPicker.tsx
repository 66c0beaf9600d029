// Binding a login user to an employee: a searchable choice that asks the server as the user types
// (mobile when the input is digits, else name: §5 "Shared widgets"). Accounts another employee of
// the company holds are listed but disabled, with that employee's name.
import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import type { LoginUser } from '../../../contract/api/staff';
import { STAFF_LABELS as L } from '../../../domain/staff/staffText';

interface Props {
  /** The account bound now (shown as the first option). */
  current: { id: number; name: string; mobile: string | null } | null;
  employeeId: number | null;
  value: number | null;
  onChange(value: number | null): void;
  search(input: string): Promise<LoginUser[]>;
  /** Why the binding cannot be changed here (an administrator's); the picker is then disabled. */
  lockedReason?: string | null;
}

const optionLabel = (user: { name: string; mobile: string | null }) =>
  user.mobile ? `${user.name}（${user.mobile}）` : user.name;

export function LoginUserPicker({
  current,
  employeeId,
  value,
  onChange,
  search,
  lockedReason,
}: Props) {
  const [input, setInput] = useState('');
  const [debounced] = useDebouncedValue(input, 300);
  const [found, setFound] = useState<LoginUser[]>([]);
  // The option picked stays listed when the next search no longer finds it.
  const [chosen, setChosen] = useState<LoginUser | null>(null);

  useEffect(() => {
    let live = true;
    void search(debounced).then((users) => {
      if (live) setFound(users);
    });
    return () => {
      live = false;
    };
  }, [debounced, search]);

  const options = new Map<string, { value: string; label: string; disabled?: boolean }>();
  if (current)
    options.set(String(current.id), { value: String(current.id), label: optionLabel(current) });
  for (const user of chosen ? [chosen, ...found] : found) {
    const heldByOther = user.employee !== null && user.employee.id !== employeeId;
    options.set(String(user.id), {
      value: String(user.id),
      label: heldByOther
        ? `${optionLabel({ name: `${user.name} @${user.username}`, mobile: user.mobile })} - ${user.employee?.name}`
        : optionLabel({ name: `${user.name} @${user.username}`, mobile: user.mobile }),
      disabled: heldByOther,
    });
  }

  return (
    <Select
      label={L.LOGIN_USER_SEARCH}
      placeholder={L.LOGIN_USER_PLACEHOLDER}
      data={[...options.values()]}
      value={value === null ? null : String(value)}
      onChange={(next) => {
        setChosen(found.find((user) => String(user.id) === next) ?? chosen);
        onChange(next === null ? null : Number(next));
      }}
      searchable
      clearable
      onSearchChange={setInput}
      filter={({ options: all }) => all}
      nothingFoundMessage={debounced.trim() ? L.LOGIN_USER_NONE : undefined}
      disabled={Boolean(lockedReason)}
      description={lockedReason || L.LOGIN_USER_SCOPE}
      data-testid="staff-login-user"
    />
  );
}
