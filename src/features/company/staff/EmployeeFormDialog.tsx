// Add or edit an employee (settings-messaging-shared §2 "Staff management", §3 "Contact or
// employee", §5 "Staff"): name and mobile required with the spec's messages, the optional fields,
// and the login user. Save keeps the dialog open on a refusal, so nothing typed is lost; cancel
// closes it. Editing first loads the full record from the server (birthday, comment and the bank
// account are not synced to the device).

import {
  Alert,
  Button,
  Fieldset,
  Group,
  Loader,
  Modal,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect, useState } from 'react';
import type { Employee } from '../../../contract/api/staff';
import { EMPLOYEE_EXTRA_MAX, EMPLOYEE_LANGUAGES } from '../../../domain/staff/employeeExtras';
import { GENDER_LABELS, GENDERS } from '../../../domain/staff/staffCodes';
import { STAFF_LABELS as L, STAFF_RULE_MESSAGES as R } from '../../../domain/staff/staffText';
import { EMPLOYEE_FIELD_MAX } from '../../../domain/staff/validation';
import { useSession } from '../../../platform/session/useSession';
import { PhoneInput } from '../../common/PhoneInput';
import {
  EMPTY_EMPLOYEE_FORM,
  type EmployeeFormValues,
  employeeBodyOf,
  employeeFormOf,
  loginUserLock,
  validateEmployeeFormValues,
} from './employeeFormModel';
import { LoginUserPicker } from './LoginUserPicker';
import type { StaffActions } from './useStaffActions';

const GENDER_OPTIONS = GENDERS.map((g) => ({ value: g, label: GENDER_LABELS[g] }));
const LANGUAGE_OPTIONS = EMPLOYEE_LANGUAGES.codes.map((code) => ({
  value: code,
  label: EMPLOYEE_LANGUAGES.labels[code],
}));

interface EmployeeFormProps {
  employee: Employee | null;
  actions: StaffActions;
  onClose(): void;
}

function EmployeeForm({ employee, actions, onClose }: EmployeeFormProps) {
  const { currentCompany } = useSession();
  const form = useForm<EmployeeFormValues>({
    mode: 'controlled',
    initialValues: employee ? employeeFormOf(employee) : EMPTY_EMPLOYEE_FORM,
    validate: validateEmployeeFormValues,
  });
  const [saving, setSaving] = useState(false);

  const submit = async () => {
    if (form.validate().hasErrors) return;
    setSaving(true);
    const body = employeeBodyOf(form.getValues());
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
          <Select
            label={L.LANGUAGE}
            placeholder={L.LANGUAGE_PLACEHOLDER}
            data={LANGUAGE_OPTIONS}
            clearable
            allowDeselect
            value={form.values.language === '' ? null : form.values.language}
            onChange={(value) => form.setFieldValue('language', value ?? '')}
            error={form.errors.language}
          />
          <TextInput
            label={L.QQ}
            inputMode="numeric"
            maxLength={EMPLOYEE_EXTRA_MAX.qq}
            {...form.getInputProps('qq')}
          />
          <LoginUserPicker
            current={employee?.login_user ?? null}
            employeeId={employee?.id ?? null}
            value={form.getValues().loginUserId}
            onChange={(value) => form.setFieldValue('loginUserId', value)}
            search={actions.searchLoginUsers}
            lockedReason={loginUserLock(employee, currentCompany.contactId)}
          />
        </SimpleGrid>
        <Fieldset legend={L.BANK_ACCOUNT} variant="filled" data-testid="staff-bank-account">
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
            <TextInput
              label={L.BANK_ACCOUNT_NAME}
              maxLength={EMPLOYEE_EXTRA_MAX.account_name}
              {...form.getInputProps('bankAccountName')}
            />
            <TextInput
              label={L.BANK_NAME}
              maxLength={EMPLOYEE_EXTRA_MAX.bank_name}
              {...form.getInputProps('bankName')}
            />
            <TextInput
              label={L.BANK_ACCOUNT_NUMBER}
              maxLength={EMPLOYEE_EXTRA_MAX.account_number}
              {...form.getInputProps('bankAccountNumber')}
            />
          </SimpleGrid>
        </Fieldset>
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
      closeButtonProps={{ 'aria-label': L.CLOSE }}
    >
      {target === 'new' && <EmployeeForm employee={null} actions={actions} onClose={onClose} />}
      {typeof target === 'number' && (
        <EditLoader key={target} id={target} actions={actions} onClose={onClose} />
      )}
    </Modal>
  );
}
