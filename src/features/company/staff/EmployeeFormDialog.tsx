// Add or edit an employee (settings-messaging-shared §2 "Staff management", §3 "Contact or
// employee", §5 "Staff"): name and mobile required with the spec's messages, the optional fields,
// and the login user. Save keeps the dialog open on a refusal, so nothing typed is lost; cancel
// closes it. Editing first loads the full record from the server (birthday and comment are not
// synced to the device).

import {
  Alert,
  Button,
  Group,
  Loader,
  Modal,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect, useState } from 'react';
import type { Employee, EmployeeBody } from '../../../contract/api/staff';
import { DEFAULT_PHONE_COUNTRY } from '../../../domain/company/phoneInput';
import { GENDER_LABELS, GENDERS } from '../../../domain/staff/staffCodes';
import { STAFF_LABELS as L, STAFF_RULE_MESSAGES as R } from '../../../domain/staff/staffText';
import {
  EMPLOYEE_FIELD_MAX,
  validateEmployeeDetails,
  validateEmployeeForm,
} from '../../../domain/staff/validation';
import { useSession } from '../../../platform/session/useSession';
import { PhoneInput } from '../../common/PhoneInput';
import { phoneError } from '../../common/phoneInputModel';
import { LoginUserPicker } from './LoginUserPicker';
import type { StaffActions } from './useStaffActions';

interface FormValues {
  name: string;
  gender: string;
  mobile: string;
  position: string;
  phone: string;
  email: string;
  birthday: string;
  comment: string;
  loginUserId: number | null;
}

const EMPTY: FormValues = {
  name: '',
  gender: 'MALE',
  mobile: '',
  position: '',
  phone: '',
  email: '',
  birthday: '',
  comment: '',
  loginUserId: null,
};

/** The server refuses to change an administrator's login user: own, or a peer's. */
function loginUserLock(employee: Employee | null, ownContactId: number): string | null {
  if (!employee) return null;
  if (employee.id === ownContactId) return R.OWN_LOGIN_USER;
  return employee.is_admin ? R.ADMIN_LOGIN_USER : null;
}

function formOf(employee: Employee): FormValues {
  return {
    name: employee.name,
    gender: employee.gender ?? 'MALE',
    mobile: employee.mobile ?? '',
    position: employee.position ?? '',
    phone: employee.phone ?? '',
    email: employee.email ?? '',
    birthday: employee.birthday ?? '',
    comment: employee.comment ?? '',
    loginUserId: employee.login_user?.id ?? null,
  };
}

const orNull = (value: string): string | null => (value.trim() === '' ? null : value.trim());

function bodyOf(values: FormValues): EmployeeBody {
  return {
    name: values.name.trim(),
    gender: values.gender,
    mobile: values.mobile.trim(),
    position: orNull(values.position),
    phone: orNull(values.phone),
    email: orNull(values.email),
    birthday: orNull(values.birthday),
    comment: orNull(values.comment),
    login_user_id: values.loginUserId,
  };
}

function validate(values: FormValues) {
  // The landline goes through the shared phone input: stored as +<dial code><number>.
  const phone = phoneError(values.phone, DEFAULT_PHONE_COUNTRY);
  return {
    ...validateEmployeeForm({ name: values.name, mobile: values.mobile }),
    ...validateEmployeeDetails({ email: values.email, birthday: values.birthday }),
    ...(phone && { phone }),
  };
}

const GENDER_OPTIONS = GENDERS.map((g) => ({ value: g, label: GENDER_LABELS[g] }));

interface EmployeeFormProps {
  employee: Employee | null;
  actions: StaffActions;
  onClose(): void;
}

function EmployeeForm({ employee, actions, onClose }: EmployeeFormProps) {
  const { currentCompany } = useSession();
  const form = useForm<FormValues>({
    mode: 'controlled',
    initialValues: employee ? formOf(employee) : EMPTY,
    validate,
  });
  const [saving, setSaving] = useState(false);

  const submit = async () => {
    if (form.validate().hasErrors) return;
    setSaving(true);
    const body = bodyOf(form.getValues());
    const saved = employee ? await actions.edit(employee.id, body) : await actions.add(body);
    setSaving(false);
    if (saved) onClose();
  };

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
      data-testid="staff-form"
    >
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput
            label={L.NAME}
            withAsterisk
            maxLength={EMPLOYEE_FIELD_MAX.name}
            data-autofocus
            {...form.getInputProps('name')}
          />
          <TextInput
            label={L.MOBILE}
            withAsterisk
            inputMode="tel"
            maxLength={EMPLOYEE_FIELD_MAX.mobile}
            {...form.getInputProps('mobile')}
          />
          <Stack gap={4}>
            <Text size="sm" fw={500} id="staff-gender-label">
              {L.GENDER}
            </Text>
            <SegmentedControl
              aria-labelledby="staff-gender-label"
              data={GENDER_OPTIONS}
              {...form.getInputProps('gender')}
            />
          </Stack>
          <TextInput
            label={L.POSITION}
            maxLength={EMPLOYEE_FIELD_MAX.position}
            {...form.getInputProps('position')}
          />
          <PhoneInput
            label={L.PHONE}
            value={form.values.phone}
            onChange={(value) => form.setFieldValue('phone', value)}
            error={form.errors.phone?.toString()}
          />
          <TextInput
            label={L.EMAIL}
            type="email"
            maxLength={EMPLOYEE_FIELD_MAX.email}
            {...form.getInputProps('email')}
          />
          <TextInput label={L.BIRTHDAY} type="date" {...form.getInputProps('birthday')} />
          <LoginUserPicker
            current={employee?.login_user ?? null}
            employeeId={employee?.id ?? null}
            value={form.getValues().loginUserId}
            onChange={(value) => form.setFieldValue('loginUserId', value)}
            search={actions.searchLoginUsers}
            lockedReason={loginUserLock(employee, currentCompany.contactId)}
          />
        </SimpleGrid>
        <Textarea
          label={L.COMMENT}
          autosize
          minRows={2}
          maxLength={EMPLOYEE_FIELD_MAX.comment}
          {...form.getInputProps('comment')}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={saving}>
            {L.CANCEL}
          </Button>
          <Button type="submit" loading={saving}>
            {L.SAVE}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Loads the record to edit, then shows the form (a failed load says so, nothing to lose). */
function EditLoader({
  id,
  actions,
  onClose,
}: { id: number } & Omit<EmployeeFormProps, 'employee'>) {
  const [state, setState] = useState<Employee | null | 'loading'>('loading');
  useEffect(() => {
    let live = true;
    void actions.load(id).then((employee) => {
      if (live) setState(employee);
    });
    return () => {
      live = false;
    };
  }, [actions, id]);
  if (state === 'loading') return <Loader size="sm" />;
  if (state === null) {
    return (
      <Alert color="red" variant="light">
        {R.LOAD_FAILED}
      </Alert>
    );
  }
  return <EmployeeForm employee={state} actions={actions} onClose={onClose} />;
}

export interface EmployeeFormDialogProps {
  /** 'new' adds; a number edits that employee; null: closed. */
  target: 'new' | number | null;
  actions: StaffActions;
  onClose(): void;
}

export function EmployeeFormDialog({ target, actions, onClose }: EmployeeFormDialogProps) {
  return (
    <Modal
      opened={target !== null}
      onClose={onClose}
      title={target === 'new' ? L.ADD_TITLE : L.EDIT_TITLE}
      size="lg"
      centered
    >
      {target === 'new' && <EmployeeForm employee={null} actions={actions} onClose={onClose} />}
      {typeof target === 'number' && (
        <EditLoader key={target} id={target} actions={actions} onClose={onClose} />
      )}
    </Modal>
  );
}
